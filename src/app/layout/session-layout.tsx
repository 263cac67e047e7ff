import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { SessionType } from '../../contract/enums.ts';
import { applyBranding, brandingFrom } from '../../session/branding.ts';
import { sessionQuery } from '../../session/use-session.ts';
import { SCREENS_WITHOUT_BACK } from '../router-paths.ts';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { TopBar } from './top-bar.tsx';

/** Every shopper and operator screen first loads the session, then shows the shop's branding. */
export function SessionLayout() {
  const { data, isError } = useQuery(sessionQuery);
  const hideBack = SCREENS_WITHOUT_BACK.includes(useLocation().pathname);
  const branding = useMemo(() => (data ? brandingFrom(data.settings, data.session) : undefined), [data]);

  useEffect(() => {
    if (branding) applyBranding(branding);
  }, [branding]);

  if (isError) return <Navigate to="/invalid-session" replace />;
  if (!data || !branding) return <PageSpinner label="Carregando a loja..." />;

  return (
    <>
      <TopBar
        logoUrl={branding.logoUrl}
        isPlatformUser={data.session.sessionType === SessionType.PlatformUser}
        showBack={!hideBack}
      />
      <main id="conteudo" className="page">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      {/* Back from a product page finds the catalogue where the shopper left it (pages come from cache). */}
      <ScrollRestoration />
    </>
  );
}
