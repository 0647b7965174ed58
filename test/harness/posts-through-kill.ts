// A burst of posts from concurrent clients during which the server is killed with SIGKILL.
import type { LeadAccepted } from "@speed-to-lead/spec";
import { postLead } from "./lead-http.ts";
import type { ServerProcess } from "./server-process.ts";

export interface PostsThroughKill {
  /** The 201 answers, by lead number. */
  created: Map<number, LeadAccepted>;
  /** Requests answered otherwise, or whose connection died with the server. */
  lost: number;
}

/**
 * Posts leads 0 to count - 1 from `concurrency` clients and kills the server once `killAfter` requests
 * were answered, so requests are still in flight when it dies.
 *
 * @example const { created, lost } = await postThroughKill(server, { token, count: 300, concurrency: 32, killAfter: 100, lead: (i) => ({ email: `${i}@example.com` }) });
 */
export async function postThroughKill(
  server: ServerProcess,
  options: {
    token: string;
    count: number;
    concurrency: number;
    killAfter: number;
    lead: (index: number) => unknown;
  },
): Promise<PostsThroughKill> {
  const created = new Map<number, LeadAccepted>();
  let answered = 0;
  let lost = 0;
  let next = 0;
  const client = async () => {
    while (next < options.count) {
      const index = next++;
      try {
        const response = await postLead<LeadAccepted>(server.baseUrl, {
          token: options.token,
          body: options.lead(index),
        });
        if (response.status === 201) created.set(index, response.body);
        else lost++;
      } catch {
        lost++; // the connection died with the server: the client does not know the outcome
      }
      if (++answered === options.killAfter) await server.stop("SIGKILL");
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return { created, lost };
}
