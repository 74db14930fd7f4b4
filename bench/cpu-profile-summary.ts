/**
 * Where a `--cpu-prof` profile spent its time (`npx tsx bench/cpu-profile-summary.ts FILE.cpuprofile [N]`):
 * self time by package or app folder, then the N (25) costliest functions, each with its share of the
 * samples (of
 * the profile's last LAST_SECONDS only, when given: a bench's run, not the server's start). Idle, the garbage collector and "(program)" are listed as themselves.
 */
import fs from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; endTime: number; startTime: number };

/** The package (node_modules/x or @scope/x), the app folder (src/modules/orders) or node's own code. */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (url.startsWith('node:')) return url;
  const inApp = /\/(apps\/[^/]+\/src\/(?:[^/]+\/)?(?:[^/]+\/)?)/.exec(url);
  if (inApp) return inApp[1]!.replace(/[^/]+\.ts\/?$/, '');
  return url.replace(/^file:\/\//, '');
}

export function summarize(profile: Profile, top = 25, lastSeconds = Infinity): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  // Sample times, to keep only the last seconds (a bench's run, not the server's start).
  const from = profile.endTime - lastSeconds * 1e6;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const name = functionName || '(anonymous)';
    const place = placeOf(url, name);
    places.set(place, (places.get(place) ?? 0) + us);
    const fn = `${name} ${url ? `${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const lines = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((x, y) => y[1] - x[1])
      .slice(0, n)
      .map(
        ([k, us]) =>
          `${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1e6).toFixed(2).padStart(7)} s  ${k}`,
      );
  return [
    `${(total / 1e6).toFixed(1)} s sampled`,
    '',
    'Self time by place:',
    ...lines(places, 20),
    '',
    `Top ${top} functions (self time):`,
    ...lines(functions, top),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top, last] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/cpu-profile-summary.ts FILE.cpuprofile [N] [LAST_SECONDS]');
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  console.log(summarize(profile, Number(top ?? 25), Number(last ?? Infinity)));
}
