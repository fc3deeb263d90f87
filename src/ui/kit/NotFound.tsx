import { Link } from 'wouter';

/**
 * The fallback page (spec: 'Page Not Found'): unknown paths, and routes the user's
 * role may not open. It sits inside the layout's one `main`, and says what to do
 * next: the way back when there is one, or why there is none.
 */
export function NotFound({ message, offerDashboard = true }: { message?: string | undefined; offerDashboard?: boolean }) {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page Not Found</h1>
      {message ? (
        <p className="not-found__message" role="alert">
          {message}
        </p>
      ) : null}
      {offerDashboard ? (
        <>
          <p className="not-found__hint">
            The address may be mistyped, or the page may be open only to other roles. Check the address, or go back to
            the dashboard.
          </p>
          <Link className="button button--secondary" href="/dashboard">
            Go to the dashboard
          </Link>
        </>
      ) : (
        <p className="not-found__hint">
          Your account has no access to the CRM. Ask your administrator for access, or log out and sign in with another
          account.
        </p>
      )}
    </section>
  );
}
