import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Layout } from './Layout.tsx';
import { ManagersOnly, Protected } from './guards.tsx';
import { NotFound } from '../kit/NotFound.tsx';
import { SignIn, POST_LOGIN_ROUTE } from './SignIn.tsx';
import { Spinner } from '../kit/Spinner.tsx';

// Every screen is its own chunk, loaded when its route is first opened.
const DashboardScreen = lazy(() => import('../dashboard/DashboardScreen.tsx'));
const SignupScreen = lazy(() => import('../signup/SignupScreen.tsx'));
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
const MachinesScreen = lazy(() => import('../machine-charts/MachinesScreen.tsx'));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}

/** A lazily loaded screen behind the protective wrapper, in the default layout. */
function protectedScreen(Screen: LazyExoticComponent<ComponentType>, only?: typeof ManagersOnly) {
  const Guard = only ?? Protected;
  return function ProtectedRoute() {
    return (
      <Layout>
        <Guard>
          <Loading>
            <Screen />
          </Loading>
        </Guard>
      </Layout>
    );
  };
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
const MachinesRoute = protectedScreen(MachinesScreen, ManagersOnly);

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
      <Route path="/dashboard" component={DashboardRoute} />
      <Route path="/user" component={UserListRoute} />
      <Route path="/edit-Salesperson/:id" component={EditSalespersonRoute} />
      <Route path="/salesperson" component={SalespersonListRoute} />
      <Route path="/opportunity" component={OpportunityListRoute} />
      <Route path="/pipeline" component={PipelineRoute} />
      <Route path="/customer" component={CustomerListRoute} />
      <Route path="/add-Customer" component={CustomerEditorRoute} />
      <Route path="/edit-Customer/:id" component={CustomerEditorRoute} />
      <Route path="/team" component={TeamListRoute} />
      <Route path="/add-Team" component={TeamEditorRoute} />
      <Route path="/edit-Team/:id" component={TeamEditorRoute} />
      <Route path="/calendar" component={CalendarRoute} />
      <Route path="/add-Calendar" component={CalendarEventEditorRoute} />
      <Route path="/edit-Calendar/:id" component={CalendarEventEditorRoute} />
      <Route path="/activity" component={ActivityListRoute} />
      <Route path="/add-Activity" component={ActivityEditorRoute} />
      <Route path="/edit-Activity/:id" component={ActivityEditorRoute} />
      <Route path="/email-attachment" component={EmailAttachmentRoute} />
      <Route path="/add-Opportunity" component={OpportunityEditorRoute} />
      <Route path="/edit-Opportunity/:id" component={OpportunityEditorRoute} />
      <Route path="/machines" component={MachinesRoute} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
