import { CopyCode } from '@/components/ui/copy-code.tsx';
import { PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { orderBoleto } from '@/contract/pix.ts';
import './off-page-payment.css';

const BOLETO_PDF_LINK = 'Abrir ou baixar o boleto (PDF)';
const BOLETO_PDF_NOTE =
  'No app da conversa, o PDF pode abrir no navegador do celular ou ser baixado. A linha digitável acima já basta para pagar.';

/**
 * What is left to pay off the page, shown where the shopper is (issue 36) rather than only sent to the
 * chat: the provider's payment link as a big button; a boleto's 'linha digitável' with the copy
 * button (and its fallbacks for chat apps' browsers) and its PDF. Both links stay in the tab: a chat
 * app's own browser answers a new window with nothing (issue 37). Android's webviews cannot show a PDF:
 * they hand it to the phone's browser or download it (iOS's show it in place), as the note says.
 */
export default function OffPagePayment({ order }: { order: Order }) {
  const boleto = orderBoleto(order);
  const payment = order.payment;
  const link = payment?.method === PaymentMethod.Link && payment.link ? payment.link : undefined;
  return (
    <>
      {link && (
        <div className="finish-pay">
          <p>Falta pagar: o pagamento é feito na página do provedor.</p>
          <a className="button finish-pay__button" href={link} rel="noreferrer">
            Ir para a página de pagamento
          </a>
        </div>
      )}
      {boleto && (
        <section className="finish-pay" aria-labelledby="boleto-title">
          <h2 id="boleto-title">Pague o boleto</h2>
          {boleto.dueDate && <p>Vencimento: {formatDueDate(boleto.dueDate)}</p>}
          <CopyCode
            code={boleto.digitableLine}
            buttonLabel="Copiar linha digitável"
            fieldLabel="Linha digitável do boleto"
          />
          {boleto.pdfUrl && (
            <p>
              {/* Same tab: a chat app's browser blocks new windows (issue 37). */}
              <a href={boleto.pdfUrl} rel="noreferrer">
                {BOLETO_PDF_LINK}
              </a>
              <br />
              <span className="finish-pay__note">{BOLETO_PDF_NOTE}</span>
            </p>
          )}
        </section>
      )}
    </>
  );
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`; anything else as given. */
function formatDueDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}
