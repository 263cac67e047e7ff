import { Link } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page-title.tsx';

export default function NotFoundPage() {
  return (
    <section className="message-page" aria-labelledby="not-found-title">
      <PageTitle>Página não encontrada</PageTitle>
      <h1 id="not-found-title">Página não encontrada</h1>
      <p>O endereço que você abriu não existe ou mudou de lugar.</p>
      <Link to="/catalog" className="button">
        Voltar ao início
      </Link>
    </section>
  );
}
