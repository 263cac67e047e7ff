import NotFoundPage from './not-found.tsx';

/** The not-found page outside the session layout (the /not-found address itself). */
export default function BareNotFoundPage() {
  return (
    <main id="conteudo" className="page page--bare">
      <NotFoundPage />
    </main>
  );
}
