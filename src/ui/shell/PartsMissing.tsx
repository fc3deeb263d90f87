import { Link } from 'wouter';
import { describeParts, type ApiPart } from '../../domain/api-parts.ts';

/**
 * What a route shows when its screen needs an optional part of the CRM API that the
 * company's API does not offer: not an error, just what is not there and where to go.
 */
export function PartsMissing({ title, missing }: { title: string; missing: readonly ApiPart[] }) {
  return (
    <section className="parts-missing" aria-labelledby="parts-missing-title">
      <h1 id="parts-missing-title">{title}</h1>
      <p>
        This screen works with {describeParts(missing)}, which your company's CRM API doesn't offer. Everything it does
        offer is in the menu.
      </p>
      <Link href="/dashboard" className="button button--secondary">
        Go to the dashboard
      </Link>
    </section>
  );
}
