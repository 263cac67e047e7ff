// The Portuguese names of the contract's input fields (bodies, queries and path parameters of the
// call registry), as a message to a shopper or an operator says them: 'Nome: use no máximo 200
// caracteres.', never 'O campo name é inválido.' (decision 0022). One table for the sandbox's input
// checks, the BFF and the SPA. A field name appearing in several calls gets the one label that fits
// them all ('number' is the card's number and the address's: 'Número'). A name missing here gets a
// generic text without the name (fieldLabel answers undefined): an English key never reaches a shopper.
// field-labels.test.ts checks that every field of every call's input has a label.

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // Contact (customer update, agent confirmation)
  name: 'Nome',
  email: 'E-mail',
  document: 'CPF ou CNPJ',
  isCorporate: 'Pessoa jurídica',
  corporateDocument: 'CNPJ',
  corporateName: 'Razão Social',
  tradeName: 'Nome Fantasia',
  stateInscription: 'Inscrição Estadual',
  paymentMethod: 'Forma de pagamento',
  manualPaymentInformation: 'Informação de pagamento',
  expectedTotal: 'Total do pedido',
  // Address ('Novo endereço') and the card's billing address
  zipCode: 'CEP',
  cep: 'CEP',
  street: 'Rua',
  address: 'Endereço',
  number: 'Número',
  addressNumber: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  neighborhoodId: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
  isDefault: 'Endereço padrão',
  geoCoordinates: 'Localização',
  latitude: 'Latitude',
  longitude: 'Longitude',
  addressIndex: 'Endereço',
  // Delivery, store, schedule
  logistic: 'Entrega',
  price: 'Valor do frete',
  code: 'Código',
  type: 'Tipo',
  providerId: 'Opção escolhida',
  day: 'Dia',
  startTime: 'Horário de início',
  endTime: 'Horário de término',
  // Payment
  installments: 'Parcelas',
  securityCode: 'Código de segurança',
  expiryMonth: 'Mês de validade',
  expiryYear: 'Ano de validade',
  recaptchaKey: 'Verificação de segurança',
  recaptchaToken: 'Verificação de segurança',
  cashAmount: 'Valor em espécie',
  token: 'Cartão',
  payment_method_id: 'Bandeira do cartão',
  issuer_id: 'Emissor do cartão',
  transaction_amount: 'Valor do pagamento',
  payer: 'Pagador',
  identification: 'Documento do pagador',
  // A share link (the chat app's public product read)
  slug: 'Loja',
  productId: 'Produto',
  // Order, coupons, discounts
  quantity: 'Quantidade',
  index: 'Item',
  sku: 'Variação do produto',
  optionProviderId: 'Opção do produto',
  attributes: 'Características',
  preferences: 'Observações',
  redirectable: 'Substituição',
  subscription: 'Assinatura',
  frequency: 'Frequência',
  recurrence: 'Recorrência',
  selectedGifts: 'Brindes',
  seller: 'Loja',
  coupon: 'Cupom de desconto',
  discount: 'Desconto',
  id: 'Identificador',
  ids: 'Identificadores',
  // Catalogue
  searchQuery: 'Busca',
  searchTerm: 'Busca',
  category: 'Categoria',
  categoryId: 'Categoria',
  collectionId: 'Coleção',
  filters: 'Filtros',
  key: 'Filtro',
  value: 'Valor do filtro',
  range: 'Faixa de preço',
  from: 'Valor mínimo',
  to: 'Valor máximo',
  perPage: 'Itens por página',
  pageNumber: 'Página',
  pageToken: 'Página',
  // Store linking (Tray)
  admUser: 'Usuário da loja',
  apiAddress: 'Endereço da API da loja',
  storeHost: 'Endereço da loja',
  store: 'Loja',
  chatbotId: 'Chatbot',
  chatbotToken: 'Token',
};

/** The Portuguese label of a contract field, or undefined when the name is not one of the contract's. */
export function fieldLabel(field: string): string | undefined {
  return Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined;
}
