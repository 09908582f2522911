/**
 * `npm run bench:abuse`: what one user can do to everyone else, in two figures sets printed one after
 * the other (each starts its own server on a fresh embedded database):
 * - the join flood (flood.ts): another company's reads while one staff member floods socket joins;
 * - fair processing (fairness.ts): another company's small upload while one company's burst of
 *   5 MB uploads is queued.
 * Exits 1 when the flood's goals are not met.
 */
import { exitWith } from '../exitWith';
import { runFairness } from './fairness';
import { runFlood } from './flood';

function print(title: string, figures: Record<string, number | string>): void {
  console.log(`\n${title}`);
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(40)} ${value}`);
}

exitWith(async () => {
  const flood = await runFlood();
  print('Join flood: 10 sockets of one staff member, 2,000 joins each within a second, while another company\'s admin reads', flood);
  const fairness = await runFairness();
  print('Fair processing: a 50 KB upload of company B with company A\'s 5 MB uploads queued first', fairness);
  return flood.verdict === 'met' ? 0 : 1;
});
