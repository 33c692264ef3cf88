/**
 * A server whose log reader is gone (its supervisor or terminal closed the pipe) keeps serving and stops
 * logging. Without this, Next logs the failed write (EPIPE) as an uncaught error to the same pipe, which
 * fails again: a loop that held a quarter of a core for as long as the process lived.
 */
export function quietOnClosedLogPipes() {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
    });
  }
}
