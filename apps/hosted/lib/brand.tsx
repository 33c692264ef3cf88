import type { CompanyEmbed } from '@svc/sdk';

/** The company's name, logo and color at the top of its pages. */
export function Brand({ company, subtitle }: { company: CompanyEmbed; subtitle: string }) {
  const color = company.branding.primary_color;
  return (
    <header className="brand">
      {company.branding.logo_url ? (
        <img src={company.branding.logo_url} alt={`${company.name} logo`} />
      ) : (
        <span className="mark" style={{ background: color }} aria-hidden="true">
          {company.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div>
        <h1>{company.name}</h1>
        <p>{subtitle}</p>
      </div>
    </header>
  );
}

export function Unavailable({ company }: { company: CompanyEmbed }) {
  return (
    <section className="message" aria-labelledby="unavailable">
      <h1 id="unavailable">Online booking is not available right now</h1>
      <p>{company.name} is not taking online orders at the moment. Please contact them directly to book a dumpster.</p>
    </section>
  );
}
