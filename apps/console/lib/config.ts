/** Where the platform's API is (SVC_API_URL, default the API of `npm start`): the rewrite's and the server's target. */
export function apiUrl(): string {
  return (process.env.SVC_API_URL ?? `http://localhost:${process.env.PORT_API ?? 3000}`).replace(/\/$/, '');
}
