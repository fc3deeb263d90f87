import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { isManager } from '../../machines/session.ts';
import { SUPER_ADMIN } from '../../domain/rules/roles.ts';
import { useMissingParts, useServices, useSession } from '../kit/services.tsx';
import logo from '../kit/logo.svg';
import { partsNeededBy } from './screen-parts.ts';
import { GlobalSearch } from '../search/GlobalSearch.tsx';
import { SavedViewsProvider } from '../kit/saved-views/SavedViews.tsx';
import { SavedViewsNav } from '../kit/saved-views/SavedViewsNav.tsx';

interface NavItem {
  href: string;
  label: string;
  managersOnly?: boolean;
  superAdminOnly?: boolean;
}

// The top-level screens of the spec's route list; add and edit screens are reached from their lists.
const navigation: NavItem[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/opportunity', label: 'Opportunities' },
  { href: '/pipeline', label: 'Pipeline' },
  { href: '/customer', label: 'Customers' },
  { href: '/calendar', label: 'Calendar' },
  { href: '/activity', label: 'Activities' },
  { href: '/salesperson', label: 'Salespersons' },
  { href: '/team', label: 'Teams' },
  { href: '/email-attachment', label: 'E-mail attachments' },
  { href: '/user', label: 'Users', managersOnly: true },
  { href: '/machines', label: 'State machines', managersOnly: true },
  { href: '/settings', label: 'Settings', superAdminOnly: true },
];

/** A menu item, shown only once the API is known to offer what its screen needs. */
function NavLink({ item }: { item: NavItem }) {
  const [active] = useRoute(`${item.href}/*?`);
  const missing = useMissingParts(partsNeededBy(item.href));
  if (missing === undefined ? partsNeededBy(item.href).length > 0 : missing.length > 0) return null;
  return (
    <Link href={item.href} className="nav__link" aria-current={active ? 'page' : undefined}>
      {item.label}
    </Link>
  );
}

const SEARCH_PARTS = ['search'] as const;
const SAVED_VIEW_PARTS = ['saved-views'] as const;

/** The person's saved views for the navigation and the list screens, once the API is known to keep them. */
function SavedViewsWhereOffered({ children }: { children: ReactNode }) {
  const missing = useMissingParts(SAVED_VIEW_PARTS);
  return missing?.length === 0 ? <SavedViewsProvider>{children}</SavedViewsProvider> : <>{children}</>;
}

/** The global search, once the API is known to offer it. */
function SearchWhereOffered() {
  const missing = useMissingParts(SEARCH_PARTS);
  return missing?.length === 0 ? <GlobalSearch /> : null;
}

function Brand() {
  return (
    <>
      <img src={logo} alt="" width="28" height="28" />
      <span>CRM</span>
    </>
  );
}

/** The default layout: navigation (signed in only), the user and 'Log out', and the screen in the page's one `main`. */
export function Layout({ children }: { children: ReactNode }) {
  const { session } = useServices();
  const name = useSession((state) => state.context.profile?.name ?? '');
  const manager = useSession(isManager);
  const superAdmin = useSession((state) => state.context.profile?.role_id === SUPER_ADMIN);
  const signedIn = useSession((state) => state.hasTag('signedIn'));
  // Also a person the CRM turned away (no crm-access) may log out, to switch accounts.
  const canLogOut = useSession((state) => state.can({ type: 'session.logout' }));
  const layout = (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        {signedIn ? (
          <Link href="/dashboard" className="brand">
            <Brand />
          </Link>
        ) : (
          <span className="brand">
            <Brand />
          </span>
        )}
        {signedIn ? <SearchWhereOffered /> : null}
        {canLogOut ? (
          <div className="topbar__user">
            {name ? <span className="topbar__name">{name}</span> : null}
            <button type="button" className="button button--ghost" onClick={() => session.send({ type: 'session.logout' })}>
              Log out
            </button>
          </div>
        ) : null}
      </header>
      {signedIn ? (
        <nav className="nav" aria-label="Main">
          {navigation
            .filter((item) => (!item.managersOnly || manager) && (!item.superAdminOnly || superAdmin))
            .map((item) => (
              <NavLink key={item.href} item={item} />
            ))}
          <SavedViewsNav />
        </nav>
      ) : null}
      <main id="main" className="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
  return signedIn ? <SavedViewsWhereOffered>{layout}</SavedViewsWhereOffered> : layout;
}
