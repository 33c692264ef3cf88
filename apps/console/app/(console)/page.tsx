import { redirect } from 'next/navigation';

/** The console opens on what waits for someone. */
export default function ConsoleHome() {
  redirect('/needs-action');
}
