import { replay } from '../../../../answers';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  await request.text(); // read the body, as the API does
  return replay('POST /booking/v1/quote');
}
