/** Runs a benchmark's main and exits with its code: 0 when every goal was met, 1 when one was missed or it stopped. */
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
