import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Layout } from './Layout.tsx';
import { ManagersOnly, Protected, SuperAdminOnly } from './guards.tsx';
import { NotFound } from '../kit/NotFound.tsx';
import { SignIn } from './SignIn.tsx';
import { POST_LOGIN_ROUTE } from '../../machines/session.ts';
import { Spinner } from '../kit/Spinner.tsx';
import { useMissingParts } from '../kit/services.tsx';
import { PartsMissing } from './PartsMissing.tsx';
import { partsNeededBy, SCREEN_PARTS } from './screen-parts.ts';

// Every screen is its own chunk, loaded when its route is first opened.
const loadDashboard = () => import('../dashboard/DashboardScreen.tsx');
// Where people land after sign-in: its screen and the chart library load while the
// session still makes its checks, instead of after them.
if (typeof window !== 'undefined' && window.location.pathname === '/dashboard') void loadDashboard();
const DashboardScreen = lazy(loadDashboard);
// Named, so the build keeps the first screen strangers see out of the chunk the signed-in screens share.
const SignupScreen = lazy(() => import(/* webpackChunkName: "signup" */ '../signup/SignupScreen.tsx'));
const UserListScreen = lazy(() => import('../users/UserListScreen.tsx'));
const EditSalespersonScreen = lazy(() => import('../salespersons/EditSalespersonScreen.tsx'));
const SalespersonListScreen = lazy(() => import('../salespersons/SalespersonListScreen.tsx'));
const OpportunityListScreen = lazy(() => import('../opportunities/OpportunityListScreen.tsx'));
const PipelineScreen = lazy(() => import('../pipeline/PipelineScreen.tsx'));
const CustomerListScreen = lazy(() => import('../customers/CustomerListScreen.tsx'));
const CustomerEditorScreen = lazy(() => import('../customers/CustomerEditorScreen.tsx'));
const TeamListScreen = lazy(() => import('../teams/TeamListScreen.tsx'));
const TeamEditorScreen = lazy(() => import('../teams/TeamEditorScreen.tsx'));
const CalendarScreen = lazy(() => import('../calendar/CalendarScreen.tsx'));
const CalendarEventEditorScreen = lazy(() => import('../calendar/CalendarEventEditorScreen.tsx'));
const ActivityListScreen = lazy(() => import('../activities/ActivityListScreen.tsx'));
const ActivityEditorScreen = lazy(() => import('../activities/ActivityEditorScreen.tsx'));
const EmailAttachmentScreen = lazy(() => import('../email-attachment/EmailAttachmentScreen.tsx'));
const OpportunityEditorScreen = lazy(() => import('../opportunities/OpportunityEditorScreen.tsx'));
const OpportunityPageScreen = lazy(() => import('../records/OpportunityPageScreen.tsx'));
const CustomerPageScreen = lazy(() => import('../records/CustomerPageScreen.tsx'));
const SettingsScreen = lazy(() => import('../settings/SettingsScreen.tsx'));
const ImportScreen = lazy(() => import('../import/ImportScreen.tsx'));
const MachinesScreen = lazy(() => import('../machine-charts/MachinesScreen.tsx'));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}

/**
 * A lazily loaded screen behind the protective wrapper, in the default layout. A
 * screen that needs an optional part of the API the company's API lacks is not
 * loaded: its route says what is missing.
 */
function protectedScreen(Screen: LazyExoticComponent<ComponentType>, only?: typeof ManagersOnly) {
  const Guard = only ?? Protected;
  return function ProtectedRoute({ route }: { route: string }) {
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
  };
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
const protectedRoutes: ReadonlyArray<readonly [route: string, Screen: ComponentType<{ route: string }>]> = [
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
