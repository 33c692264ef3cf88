export const dynamic = 'force-static';

/** The API's front door: where things are. */
export function GET() {
  return Response.json({
    name: 'svc booking platform',
    booking_api: '/booking/v1',
    openapi: '/booking/v1/openapi.json',
    docs: 'https://github.com/ (see README.md in the repository)',
  });
}
