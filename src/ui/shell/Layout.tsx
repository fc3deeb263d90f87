import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { managesUsers } from '../../domain/session/profile.ts';
import { useServices, useSession } from '../kit/services.tsx';
import logo from '../kit/logo.svg';

interface NavItem {
  href: string;
  label: string;
  managersOnly?: boolean;
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
];

function NavLink({ item }: { item: NavItem }) {
  const [active] = useRoute(`${item.href}/*?`);
  return (
    <Link href={item.href} className="nav__link" aria-current={active ? 'page' : undefined}>
      {item.label}
    </Link>
  );
}

/** The default layout: navigation, the signed-in user and 'Log out', and the screen. */
export function Layout({ children }: { children: ReactNode }) {
  const { session } = useServices();
  const name = useSession((state) => state.context.profile?.name ?? '');
  const isManager = useSession((state) => state.context.profile !== null && managesUsers(state.context.profile));
  const signedIn = useSession((state) => state.hasTag('signedIn'));
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link href="/dashboard" className="brand">
          <img src={logo} alt="" width="28" height="28" />
          <span>CRM</span>
        </Link>
        {signedIn ? (
          <div className="topbar__user">
            <span className="topbar__name">{name}</span>
            <button type="button" className="button button--ghost" onClick={() => session.send({ type: 'session.logout' })}>
              Log out
            </button>
          </div>
        ) : null}
      </header>
      <nav className="nav" aria-label="Main">
        {navigation
          .filter((item) => !item.managersOnly || isManager)
          .map((item) => (
            <NavLink key={item.href} item={item} />
          ))}
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
