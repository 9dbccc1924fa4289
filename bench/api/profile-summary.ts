// The top self-time frames of a V8 CPU profile (node --cpu-prof), by function and place, with their share.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame's name: function, file (from packages or apps onward) and line. */
function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^file:\/\//, '').replace(/^.*?\/(node_modules|apps|packages)\//, '$1/');
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
}

/**
 * `window`: only the samples taken between these two instants, in microseconds of the monotonic clock (V8's
 * timestamps; `process.hrtime` in any process of the machine reads the same clock).
 */
export async function summariseProfile(
  directory: string,
  top: number,
  window?: { fromUs: number; toUs: number },
): Promise<string> {
  const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return '(no profile written)';
  const profile = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    total += delta;
    const name = frameName(byId.get(id)!);
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  const header = `${(total / 1000).toFixed(0)} ms sampled${window ? ' in the window' : ''}`;
  return `${header}\n${[...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, us]) =>
        `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    )
    .join('\n')}`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await summariseProfile(process.argv[2]!, 40));
