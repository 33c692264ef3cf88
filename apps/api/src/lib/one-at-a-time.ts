/**
 * Runs `task` when called, never two at once: a call while it runs asks for one more run after it, however
 * many calls came meanwhile. For work that a signal asks for (a NOTIFY, a statement through the socket)
 * and whose one run covers every signal that came before it started.
 */
export function oneAtATime(task: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    task()
      .catch(() => {})
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}
