// Sequential timed GETs, run in a worker thread by benchmarks: the client's own work (receiving and
// reading large replies) stays off the thread of the server under test.
export type TimedGetsInput = { url: string; token: string; warmup: number; calls: number };
export type TimedGetsResult = { samples: number[]; bytes: number };

export async function timedGets(input: TimedGetsInput): Promise<TimedGetsResult> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < input.warmup + input.calls; i++) {
    const start = performance.now();
    const res = await fetch(input.url, { headers: { authorization: `Bearer ${input.token}` } });
    const body = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${input.url}: ${res.status} ${body.slice(0, 200)}`);
    bytes = body.length;
    if (i >= input.warmup) samples.push(ms);
  }
  return { samples, bytes };
}
