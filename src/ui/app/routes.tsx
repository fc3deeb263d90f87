import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { Layout } from './Layout.tsx';
import { ManagersOnly, Protected } from './guards.tsx';
import { NotFound } from './NotFound.tsx';
import { SignIn, POST_LOGIN_ROUTE } from './SignIn.tsx';
import { Spinner } from './Spinner.tsx';
import { Redirect } from 'wouter';

// Every screen is its own chunk, loaded when its route is first opened.

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

/** The spec's route table. */
export function Routes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={POST_LOGIN_ROUTE} replace />
      </Route>
      <Route path="/signin" component={SignIn} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
