/** Opens the database when the Next server boots, so the first request does not wait for it. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { getPlatform } = await import('./src/runtime/platform');
    const { nextIp } = await import('./src/runtime/client-ip');
    await getPlatform(nextIp);
  }
}
