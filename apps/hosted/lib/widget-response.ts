/** A script of the widget's, as /widget/v1/* serves it: any site may load it (it is public code). */
export function javascript(body: string, cacheControl: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': cacheControl,
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export const notBuilt = () => javascript('// the widget is not built: run the build of @svc/widget\n', 'no-store', 503);
