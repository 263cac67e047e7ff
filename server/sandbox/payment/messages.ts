// The payment module's Portuguese messages. Where the spec words a message (checkout spec, section
// 8) it is quoted exactly; the others follow the same tone.
import { FailureType } from '../contract.ts';

export const PAYMENT_MESSAGES = {
  expired: 'O tempo para pagamento expirou',
  invalidData: 'Os dados do cartão são inválidos',
  limitExceeded: 'Limite de compras do cartão insuficiente',
  unknown: 'Aconteceu um erro com seu pagamento',
  recaptcha: 'Houve um problema na validação do ReCaptcha, por favor tente novamente',
  updateFailed: 'Erro ao atualizar o método de pagamento',
  methodNotFound: 'Método de pagamento não encontrado',
  notCreditCard: 'Método de pagamento não é cartão de crédito',
  alreadyPaid: 'Este pedido já foi pago.',
  emptyOrder: 'O pedido não tem itens.',
  creditDisabled: 'Esta loja não aceita pagamento com cartão de crédito.',
  providerNotFound: 'Opção de cartão não encontrada para esta loja.',
  installmentsNotOffered: 'Este número de parcelas não está disponível para este pedido.',
  invalidDocument: 'O CPF ou CNPJ do titular do cartão é inválido.',
  payByLink: 'Este pedido é pago pelo link de pagamento enviado no chat.',
  payByMercadoPago: 'Este pedido é pago pelo formulário do Mercado Pago.',
  payManually: 'O pagamento desta loja é combinado com o atendente no chat.',
  notMercadoPago: 'Esta loja não recebe pagamentos pelo Mercado Pago.',
  mercadoPagoMethod: 'Esta bandeira de cartão não é aceita pelo Mercado Pago nesta loja.',
  amountMismatch: 'O valor do pagamento não confere com o total do pedido.',
  nothingToChange:
    'Erro ao atualizar o método de pagamento: este pedido ainda não tem forma de pagamento escolhida.',
  paidCannotChange: 'Este pedido já foi pago e a forma de pagamento não pode mais ser alterada.',
} as const;

export function failureMessage(failureType: FailureType): string {
  switch (failureType) {
    case FailureType.InvalidData:
      return PAYMENT_MESSAGES.invalidData;
    case FailureType.LimitExceeded:
      return PAYMENT_MESSAGES.limitExceeded;
    case FailureType.ReCAPTCHA:
      return PAYMENT_MESSAGES.recaptcha;
    default:
      return PAYMENT_MESSAGES.unknown;
  }
}
