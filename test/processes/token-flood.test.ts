// A flood of unknown channel tokens from one client address beside that address's working token, on a real
// server process: the working token is never refused, the flood is limited, memory stays flat.
import { describe, expect, it } from "vitest";
import { sendToIntake } from "../harness/intake-request.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";
import { residentMiB, samplePeakResident } from "../harness/resident-memory.ts";

const unknownToken = () =>
  `stl_ch_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url")}`;

describe("a token flood beside a valid token from the same address", () => {
  const server = useLeadServer("postgres", {
    tokens: { website: "acme" },
    env: { FAILED_AUTH_PER_MINUTE: "60" },
  });

  it("answers every post of the valid token while the cache entry expires mid-flood; the flood gets 401 then 429", async () => {
    const token = server.tokens.website.token;
    const pid = server.processes[0]!.pid;
    const post = (bearer: string, i: number) =>
      sendToIntake(server.baseUrl, { token: bearer, body: { email: `flood-${i}@example.com` } });
    expect((await post(token, 0)).status).toBe(201);
    const rssBefore = residentMiB(pid);
    const peak = samplePeakResident(pid);

    let done = false;
    const floodStatuses = new Map<number, number>();
    const flooder = async () => {
      for (let i = 0; !done; i++) {
        const response = await post(unknownToken(), i);
        await response.arrayBuffer();
        floodStatuses.set(response.status, (floodStatuses.get(response.status) ?? 0) + 1);
      }
    };
    const flood = Array.from({ length: 16 }, flooder);

    // 24 posts 250 ms apart: longer than the 4 s the token's cached lookup is trusted.
    const validStatuses: number[] = [];
    const latencies: number[] = [];
    for (let i = 1; i <= 24; i++) {
      const started = performance.now();
      const response = await post(token, i);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      validStatuses.push(response.status);
      await Bun.sleep(250);
    }
    done = true;
    await Promise.all(flood);
    const peakMiB = peak.stop();

    expect(validStatuses.every((status) => status === 201)).toBe(true);
    expect([...floodStatuses.keys()].sort()).toEqual([401, 429]);
    expect(floodStatuses.get(401)).toBeLessThanOrEqual(70);
    expect(peakMiB - rssBefore).toBeLessThan(200);
    latencies.sort((a, b) => a - b);
    console.log(
      `token flood: valid ${validStatuses.filter((s) => s === 201).length}/${validStatuses.length} accepted, ` +
        `flood answers ${JSON.stringify(Object.fromEntries(floodStatuses))}, valid p50 ${latencies[12]?.toFixed(1)} ms ` +
        `max ${latencies.at(-1)?.toFixed(1)} ms, RSS ${rssBefore.toFixed(0)} → peak ${peakMiB.toFixed(0)} MiB`,
    );
  });
});
