import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';
import { Layout } from './Layout.tsx';
import { ManagersOnly, Protected, SuperAdminOnly } from './guards.tsx';
import { NotFound } from '../kit/NotFound.tsx';
import { SignIn } from './SignIn.tsx';
import { POST_LOGIN_ROUTE, SIGN_IN_ROUTE } from '../../machines/session.ts';
import { Spinner } from '../kit/Spinner.tsx';
import { useMissingParts, useSession } from '../kit/services.tsx';
import { PartsMissing } from './PartsMissing.tsx';
import { partsNeededBy, SCREEN_PARTS } from './screen-parts.ts';

/** A screen in a chunk of its own, loaded when its route is first rendered or, earlier, by `preload`. */
type Screen = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> };

type ScreenModule = { default: ComponentType };

export function lazyScreen(load: () => Promise<ScreenModule>): Screen {
  let loaded: ScreenModule | undefined;
  const preload = () => load().then((module) => (loaded = module));
  // React's lazy takes any thenable, and one already fulfilled renders the screen at once. A promise,
  // even of a loaded chunk, suspends it first, and React then holds the screen behind its spinner for
  // the spinner's minimum time (its FALLBACK_THROTTLE_MS).
  const fulfilled = (module: ScreenModule) => ({ then: (resolve: (value: ScreenModule) => void) => resolve(module) }) as Promise<ScreenModule>;
  return Object.assign(
    lazy(() => (loaded ? fulfilled(loaded) : preload())),
    { preload },
  );
}

// Every screen is its own chunk, loaded when its route is first opened.
const DashboardScreen = lazyScreen(() => import('../dashboard/DashboardScreen.tsx'));
// Named, so the build keeps the first screen strangers see out of the chunk the signed-in screens share.
const SignupScreen = lazy(() => import(/* webpackChunkName: "signup" */ '../signup/SignupScreen.tsx'));
const UserListScreen = lazyScreen(() => import('../users/UserListScreen.tsx'));
const EditSalespersonScreen = lazyScreen(() => import('../salespersons/EditSalespersonScreen.tsx'));
const SalespersonListScreen = lazyScreen(() => import('../salespersons/SalespersonListScreen.tsx'));
const OpportunityListScreen = lazyScreen(() => import('../opportunities/OpportunityListScreen.tsx'));
const PipelineScreen = lazyScreen(() => import('../pipeline/PipelineScreen.tsx'));
const CustomerListScreen = lazyScreen(() => import('../customers/CustomerListScreen.tsx'));
const CustomerEditorScreen = lazyScreen(() => import('../customers/CustomerEditorScreen.tsx'));
const TeamListScreen = lazyScreen(() => import('../teams/TeamListScreen.tsx'));
const TeamEditorScreen = lazyScreen(() => import('../teams/TeamEditorScreen.tsx'));
const CalendarScreen = lazyScreen(() => import('../calendar/CalendarScreen.tsx'));
const CalendarEventEditorScreen = lazyScreen(() => import('../calendar/CalendarEventEditorScreen.tsx'));
const ActivityListScreen = lazyScreen(() => import('../activities/ActivityListScreen.tsx'));
const ActivityEditorScreen = lazyScreen(() => import('../activities/ActivityEditorScreen.tsx'));
const EmailAttachmentScreen = lazyScreen(() => import('../email-attachment/EmailAttachmentScreen.tsx'));
const OpportunityEditorScreen = lazyScreen(() => import('../opportunities/OpportunityEditorScreen.tsx'));
const OpportunityPageScreen = lazyScreen(() => import('../records/OpportunityPageScreen.tsx'));
const CustomerPageScreen = lazyScreen(() => import('../records/CustomerPageScreen.tsx'));
const SettingsScreen = lazyScreen(() => import('../settings/SettingsScreen.tsx'));
const ImportScreen = lazyScreen(() => import('../import/ImportScreen.tsx'));
const MachinesScreen = lazyScreen(() => import('../machine-charts/MachinesScreen.tsx'));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}

/**
 * A lazily loaded screen behind the protective wrapper, in the default layout. A
 * screen that needs an optional part of the API the company's API lacks is not
 * started: its route says what is missing.
 */
function protectedScreen(Screen: Screen, only?: typeof ManagersOnly) {
  const Guard = only ?? Protected;
  return Object.assign(function ProtectedRoute({ route }: { route: string }) {
    return (
      <Layout>
        <Guard>
          <NeedsParts route={route}>
            <Loading>
              <Screen />
            </Loading>
          </NeedsParts>
        </Guard>
      </Layout>
    );
  }, { preload: Screen.preload });
}

/** The screen once the API is known to offer what it needs; the reason when it does not. */
function NeedsParts({ route, children }: { route: string; children: ReactNode }) {
  const missing = useMissingParts(partsNeededBy(route));
  if (missing === undefined) return <Spinner label="Finding out what the CRM offers" />;
  if (missing.length > 0) return <PartsMissing title={SCREEN_PARTS[route]?.title ?? ''} missing={missing} />;
  return <>{children}</>;
}

// Made once, so that a route's screen keeps its state across renders of the table.
const DashboardRoute = protectedScreen(DashboardScreen);
const UserListRoute = protectedScreen(UserListScreen, ManagersOnly);
const EditSalespersonRoute = protectedScreen(EditSalespersonScreen, ManagersOnly);
const SalespersonListRoute = protectedScreen(SalespersonListScreen);
const OpportunityListRoute = protectedScreen(OpportunityListScreen);
const PipelineRoute = protectedScreen(PipelineScreen);
const CustomerListRoute = protectedScreen(CustomerListScreen);
const CustomerEditorRoute = protectedScreen(CustomerEditorScreen);
const TeamListRoute = protectedScreen(TeamListScreen);
const TeamEditorRoute = protectedScreen(TeamEditorScreen);
const CalendarRoute = protectedScreen(CalendarScreen);
const CalendarEventEditorRoute = protectedScreen(CalendarEventEditorScreen);
const ActivityListRoute = protectedScreen(ActivityListScreen);
const ActivityEditorRoute = protectedScreen(ActivityEditorScreen);
const EmailAttachmentRoute = protectedScreen(EmailAttachmentScreen);
const OpportunityEditorRoute = protectedScreen(OpportunityEditorScreen);
const OpportunityPageRoute = protectedScreen(OpportunityPageScreen);
const CustomerPageRoute = protectedScreen(CustomerPageScreen);
const ImportRoute = protectedScreen(ImportScreen, ManagersOnly);
const MachinesRoute = protectedScreen(MachinesScreen, ManagersOnly);
const SettingsRoute = protectedScreen(SettingsScreen, SuperAdminOnly);

/** The spec's protected routes, each with its screen. */
const protectedRoutes: ReadonlyArray<readonly [route: string, Screen: ComponentType<{ route: string }> & Pick<Screen, 'preload'>]> = [
  ['/dashboard', DashboardRoute],
  ['/user', UserListRoute],
  ['/edit-Salesperson/:id', EditSalespersonRoute],
  ['/salesperson', SalespersonListRoute],
  ['/opportunity', OpportunityListRoute],
  ['/opportunity/:id', OpportunityPageRoute],
  ['/pipeline', PipelineRoute],
  ['/customer', CustomerListRoute],
  ['/customer/:id', CustomerPageRoute],
  ['/add-Customer', CustomerEditorRoute],
  ['/edit-Customer/:id', CustomerEditorRoute],
  ['/team', TeamListRoute],
  ['/add-Team', TeamEditorRoute],
  ['/edit-Team/:id', TeamEditorRoute],
  ['/calendar', CalendarRoute],
  ['/add-Calendar', CalendarEventEditorRoute],
  ['/edit-Calendar/:id', CalendarEventEditorRoute],
  ['/activity', ActivityListRoute],
  ['/add-Activity', ActivityEditorRoute],
  ['/edit-Activity/:id', ActivityEditorRoute],
  ['/email-attachment', EmailAttachmentRoute],
  ['/add-Opportunity', OpportunityEditorRoute],
  ['/edit-Opportunity/:id', OpportunityEditorRoute],
  ['/import-Opportunity', ImportRoute],
  ['/import-Customer', ImportRoute],
  ['/machines', MachinesRoute],
  ['/settings', SettingsRoute],
];

/**
 * While the session checks a returning person's tokens (the tenant check, then the
 * profile: round trips in which the page has nothing else to do), the screen at the
 * address loads, so that it is ready to render when the checks end. Back from the
 * provider's sign-in (at /signin), that is the screen the session moves on to.
 */
export function ScreenPreload({ routes = protectedRoutes }: { routes?: typeof protectedRoutes }) {
  const checking = useSession((state) => state.matches('verifying'));
  const [location] = useLocation();
  const { parser } = useRouter();
  useEffect(() => {
    if (!checking) return;
    const address = location === SIGN_IN_ROUTE ? POST_LOGIN_ROUTE : location;
    const entry = routes.find(([route]) => matchRoute(parser, route, address)[0]);
    // A chunk that fails to load here is loaded again, and its failure shown, when the route renders.
    entry?.[1].preload().catch(() => undefined);
  }, [checking, location, parser, routes]);
  return null;
}

/** The spec's route table. */
export function Routes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={POST_LOGIN_ROUTE} replace />
      </Route>
      <Route path="/signin" component={SignIn} />
      <Route path="/signup">
        <Loading>
          <SignupScreen />
        </Loading>
      </Route>
      {protectedRoutes.map(([route, Screen]) => (
        <Route key={route} path={route}>
          <Screen route={route} />
        </Route>
      ))}
      <Route>
        <Layout>
          <NotFound />
        </Layout>
      </Route>
    </Switch>
  );
}
