import { replay } from '../../../../answers';

export const dynamic = 'force-dynamic';

export function GET() {
  return replay('GET /booking/v1/sizes');
}
