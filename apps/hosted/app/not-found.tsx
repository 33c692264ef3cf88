export default function NotFound() {
  return (
    <main className="page">
      <section className="message" aria-labelledby="nf">
        <h1 id="nf">We could not find this booking page</h1>
        <p>
          The link may be mistyped or the company may have moved its booking page. Check the address you were given: it
          looks like <code>/book?company=your-company</code>.
        </p>
      </section>
    </main>
  );
}
