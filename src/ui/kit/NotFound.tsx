/** The fallback page: unknown paths, and routes the user's role may not open. */
export function NotFound({ message }: { message?: string | undefined }) {
  return (
    <main className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">404</p>
      <h1 id="not-found-title">Page Not Found</h1>
      {message ? <p className="not-found__message">{message}</p> : null}
      <a className="button button--secondary" href="/dashboard">
        Go to the dashboard
      </a>
    </main>
  );
}
