/** What `oneAtATime` returns: the call that asks for a run, and a way to wait until none is running. */
export type OneAtATime = {
  (): void;
  /** Resolves once no run is in flight and none is asked for after it. */
  idle(): Promise<void>;
};

/**
 * Runs `task` when called, never two at once: a call while it runs asks for one more run after it, however
 * many calls came meanwhile. For work that a signal asks for (a NOTIFY, a statement through the socket, a
 * worker's timer) and whose one run covers every signal that came before it started. A failed run is the
 * task's to report; the next call runs it again.
 */
export function oneAtATime(task: () => Promise<unknown>): OneAtATime {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = task()
      .then(
        () => {},
        () => {},
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const idle = async () => {
    while (running) await running;
  };
  return Object.assign(run, { idle });
}
