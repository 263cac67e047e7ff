import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { SessionType } from '../../contract/index.ts';
import { applyBranding, brandingFrom } from '../../session/branding.ts';
import { sessionQuery } from '../../session/use-session.ts';
import { TopBar } from './top-bar.tsx';

/** Route handle: screens that have no back button in the top bar. */
export type ScreenHandle = { hideBack?: boolean };

/** Every shopper and operator screen first loads the session, then shows the shop's branding. */
export function SessionLayout() {
  const { data, isError } = useQuery(sessionQuery);
  const matches = useMatches();
  const hideBack = matches.some((match) => (match.handle as ScreenHandle | undefined)?.hideBack);
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
        <Outlet />
      </main>
      {/* Back from a product page finds the catalogue where the shopper left it (pages come from cache). */}
      <ScrollRestoration />
    </>
  );
}
