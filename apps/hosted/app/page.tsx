import { redirect } from 'next/navigation';

/** The bare address sends visitors to the booking page's explanation rather than a blank 404. */
export default function Home() {
  redirect('/book');
}
