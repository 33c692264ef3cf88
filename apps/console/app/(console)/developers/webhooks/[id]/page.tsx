import type { Metadata } from 'next';
import { EndpointLog } from '../../_parts/endpoint-log';

export const metadata: Metadata = { title: 'Webhook endpoint · Developers' };

export default async function EndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EndpointLog id={id} />;
}
