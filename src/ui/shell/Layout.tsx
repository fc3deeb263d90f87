import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { isManager, isTenantSuperAdmin } from '../../machines/session.ts';
import { useMissingParts, useServices, useSession } from '../kit/services.tsx';
import logo from '../kit/logo.svg';
import { useNavStrip } from './nav-strip.ts';
import { partsNeededBy } from './screen-parts.ts';
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

// Signed-in only, so kept out of the scripts the first screen strangers see (/signup) needs.
const GlobalSearch = lazy(() => import('../search/GlobalSearch.tsx').then((module) => ({ default: module.GlobalSearch })));

const SEARCH_PARTS = ['search'] as const;
const SAVED_VIEW_PARTS = ['saved-views'] as const;

/** The person's saved views for the navigation and the list screens, once the API is known to keep them. */
function SavedViewsWhereOffered({ children }: { children: ReactNode }) {
  const missing = useMissingParts(SAVED_VIEW_PARTS);
  return <SavedViewsProvider offered={missing?.length === 0}>{children}</SavedViewsProvider>;
}

/** The global search, once the API is known to offer it. */
function SearchWhereOffered() {
  const missing = useMissingParts(SEARCH_PARTS);
  return missing?.length === 0 ? (
    <Suspense fallback={null}>
      <GlobalSearch />
    </Suspense>
  ) : null;
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
  const superAdmin = useSession(isTenantSuperAdmin);
  const signedIn = useSession((state) => state.hasTag('signedIn'));
  // Also a person the CRM turned away (no crm-access) may log out, to switch accounts.
  const canLogOut = useSession((state) => state.can({ type: 'session.logout' }));
  const [nav, setNav] = useState<HTMLElement | null>(null);
  const [path] = useLocation();
  const hiddenEdges = useNavStrip(nav, path);
  const layout = (
    // Without navigation (a person turned away, a signed-out page) the screen takes the whole width.
    <div className={signedIn ? 'layout' : 'layout layout--bare'}>
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
        <nav ref={setNav} className="nav" aria-label="Main" data-hidden={hiddenEdges}>
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
