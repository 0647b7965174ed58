// The head every console table shares: a caption for screen readers and one column heading per label.

/** @example <TableHead caption={t("dnc.numbers")} columns={[t("dnc.col.number"), t("dnc.col.note")]} /> */
export function TableHead({ caption, columns }: { caption: string; columns: string[] }): JSX.Element {
  return (
    <>
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((label) => (
            <th scope="col">{label}</th>
          ))}
        </tr>
      </thead>
    </>
  );
}
