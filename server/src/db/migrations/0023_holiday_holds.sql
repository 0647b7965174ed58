-- Holiday holds: a day set only by proclamation, which no rule computes, declared by an operator. Unlike an
-- emergency hold it never answers a lead without its phone: like a computed holiday, it moves the window past it.
alter table call_holds add column kind text not null default 'emergency'
  check (kind in ('emergency', 'holiday'));
