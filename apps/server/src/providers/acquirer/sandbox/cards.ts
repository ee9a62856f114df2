/** Transbank's published integration cards (transbankdevelopers.cl, 'Cómo empezar › Ambientes'). */
export interface TestCard {
  number: string;
  label: string;
  approved: boolean;
  /** Webpay's payment_type_code: VN credit, VD Redcompra debit, VP prepaid. */
  paymentTypeCode: 'VN' | 'VD' | 'VP';
}

export const TEST_CARDS: TestCard[] = [
  { number: '4051885600446623', label: 'VISA crédito', approved: true, paymentTypeCode: 'VN' },
  { number: '370000000002032', label: 'AMEX crédito', approved: true, paymentTypeCode: 'VN' },
  { number: '5186059559590568', label: 'Mastercard crédito', approved: false, paymentTypeCode: 'VN' },
  { number: '4051884239937763', label: 'Redcompra débito', approved: true, paymentTypeCode: 'VD' },
  { number: '5186008541233829', label: 'Redcompra débito', approved: false, paymentTypeCode: 'VD' },
  { number: '4051886000056590', label: 'VISA prepago', approved: true, paymentTypeCode: 'VP' },
  { number: '5186174110629480', label: 'Mastercard prepago', approved: false, paymentTypeCode: 'VP' },
];

/**
 * Not Transbank's: the retail group's own credit card as this sandbox issues it, so its prices can be
 * proven (domain GROUP_CARD_LAST_FOUR names its last four digits, all Webpay's answer shows of a card).
 */
export const GROUP_TEST_CARD: TestCard = {
  number: '6034930012345678',
  label: 'Tarjeta del grupo crédito',
  approved: true,
  paymentTypeCode: 'VN',
};

/** Every card the sandbox's page takes (and lists). */
export const SANDBOX_CARDS: readonly TestCard[] = [...TEST_CARDS, GROUP_TEST_CARD];

/** The bank step's test credentials. */
export const TEST_RUT = '111111111';
export const TEST_PASSWORD = '123';

export function findTestCard(input: string): TestCard | undefined {
  const digits = input.replace(/\D/g, '');
  return SANDBOX_CARDS.find((card) => card.number === digits);
}
