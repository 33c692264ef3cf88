/**
 * Where the platform's API is. The page's server asks it for the company (SVC_API_URL, which may be an
 * internal address); browsers call SVC_PUBLIC_API_URL (default: the same).
 */
export function apiUrls() {
  const internal = (process.env.SVC_API_URL ?? `http://localhost:${process.env.PORT_API ?? 3000}`).replace(/\/$/, '');
  return { internal, public: (process.env.SVC_PUBLIC_API_URL ?? internal).replace(/\/$/, '') };
}
