import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { SkipLink } from '@/components/ui/skip-link.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { SessionType } from '@/contract/enums.ts';
import { onSessionEnded } from '@/lib/api-client.ts';
import { noteShownPage } from '@/lib/catalog-return.ts';
import { applyBranding, brandingFrom } from '@/session/branding.ts';
import { InvalidSessionError, SessionEndedError } from '@/session/start-session.ts';
import { sessionQuery } from '@/session/use-session.ts';
import {
  CATALOG_PATHS,
  INVALID_SESSION_PATH,
  SCREENS_WITHOUT_BACK,
  SESSION_ENDED_PATH,
} from '../router-paths.ts';
import { ErrorPage } from './error-pages/error-page.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * Every shopper and operator screen first loads the session, then shows the shop's branding. A bad
 * chat link goes to 'Sessão Inválida'; a session the browser no longer holds, found when loading or by
 * any later call of the tab, goes to 'Abra o link do chat novamente'. A session that could not be
 * loaded at all (no connection, the backend down, after the query's own retries) is neither: the
 * link is still good and waits in the tab, so the page says so and offers to try again.
 */
export function SessionLayout() {
  const { data, isError, error, refetch } = useQuery(sessionQuery);
  const location = useLocation();
  const hideBack = SCREENS_WITHOUT_BACK.includes(location.pathname);
  const navigate = useNavigate();
  const branding = useMemo(() => (data ? brandingFrom(data.settings, data.session) : undefined), [data]);

  useEffect(() => {
    if (branding) applyBranding(branding);
  }, [branding]);

  // Where the top bar's ← returns: the catalogue entry last shown (lib/catalog-return.ts).
  useEffect(() => noteShownPage(location, CATALOG_PATHS.includes(location.pathname)), [location]);

  useEffect(() => onSessionEnded(() => navigate(SESSION_ENDED_PATH, { replace: true })), [navigate]);

  if (error instanceof SessionEndedError) return <Navigate to={SESSION_ENDED_PATH} replace />;
  if (error instanceof InvalidSessionError) return <Navigate to={INVALID_SESSION_PATH} replace />;
  // The spec's error page, and the way on: the link is still good.
  if (isError) return <ErrorPage retry={() => void refetch()} />;
  if (!data || !branding) return <PageSpinner label="Carregando a loja..." />;

  return (
    <>
      <SkipLink targetId="conteudo">Pular para o conteúdo</SkipLink>
      <TopBar
        logoUrl={branding.logoUrl}
        isPlatformUser={data.session.sessionType === SessionType.PlatformUser}
        showBack={!hideBack}
      />
      <main id="conteudo" className="page skip-target" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      {/* Back from a product page finds the catalogue where the shopper left it (pages come from cache). */}
      <ScrollRestoration />
    </>
  );
}
