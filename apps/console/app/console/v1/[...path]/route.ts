import { forwardToApi } from '../../../../lib/api-proxy';

// The console API on this app's origin (lib/api-proxy.ts): every method goes to the platform as it came.
export const dynamic = 'force-dynamic';
export const GET = forwardToApi;
export const HEAD = forwardToApi;
export const POST = forwardToApi;
export const PUT = forwardToApi;
export const PATCH = forwardToApi;
export const DELETE = forwardToApi;
export const OPTIONS = forwardToApi;
