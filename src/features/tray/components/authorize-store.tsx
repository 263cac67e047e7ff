import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { trayAuthorizeQuery } from '../api/get-authorize-url.ts';
import './authorize-store.css';

/**
 * tray/register's body for a given `url`: the BFF checks the store address and builds the
 * authorization address as soon as the page opens. A refused address (400) shows the BFF's message
 * and no button, so the page is never a redirect to an arbitrary address; otherwise 'Autorizar'
 * sends the browser to the address the BFF built (asking again first if the first try failed).
 */
export function AuthorizeStore({ storeUrl }: { storeUrl: string }) {
  const authorize = useQuery(trayAuthorizeQuery(storeUrl));
  const [redirecting, setRedirecting] = useState(false);
  const { error } = authorize;
  const refused = error instanceof ApiError && error.httpStatus === 400;

  async function go() {
    setRedirecting(true);
    const address = authorize.data ?? (await authorize.refetch()).data;
    if (address) window.location.assign(address);
    else setRedirecting(false);
  }

  if (refused) return <p role="alert">{error.message}</p>;
  return (
    <>
      <p>
        Loja: <strong className="authorize-store__address">{storeUrl}</strong>
      </p>
      <button type="button" className="button" onClick={go} disabled={redirecting || authorize.isFetching}>
        {redirecting ? 'Redirecionando...' : 'Autorizar'}
      </button>
      {error && !authorize.isFetching ? <p role="alert">{error.message}</p> : null}
    </>
  );
}
