import Link from 'next/link';

/** Any address the console does not have. */
export default function NotFound() {
  return (
    <main id="main" className="auth">
      <div className="auth-card">
        <h1>This page does not exist</h1>
        <p>The link may be old, or the page was moved.</p>
        <p>
          <Link href="/">Open the console</Link>
        </p>
      </div>
    </main>
  );
}
