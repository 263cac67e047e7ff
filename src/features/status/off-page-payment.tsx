import { CopyCode } from '@/components/ui/copy-code.tsx';
import { PaymentMethod } from '@/contract/enums.ts';
import type { Order } from '@/contract/order.ts';
import { orderBoleto } from '@/contract/pix.ts';
import './off-page-payment.css';

/**
 * What is left to pay off the page, shown where the shopper is (issue 36) rather than only sent to the
 * chat: the provider's payment link as a big button; a boleto's 'linha digitável' with the copy
 * button (and its fallbacks for chat apps' browsers) and its PDF, which opens in the browser since
 * in-app browsers cannot show PDFs.
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
              <a href={boleto.pdfUrl} target="_blank" rel="noopener noreferrer">
                Abrir boleto (PDF) no navegador
              </a>
              <br />
              <span className="finish-pay__note">
                O PDF abre fora do app da conversa, no navegador do celular.
              </span>
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
