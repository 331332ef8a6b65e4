import { describe, expect, it } from 'vitest';
import { billAppLink, parseBillLink } from './app-links.ts';

const BILL = '0f8fad5b-d9cb-469f-a165-70867728950e';
const CLIENT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('app links', () => {
  it('opens a bill from the app scheme, with or without its client', () => {
    expect(parseBillLink(billAppLink(BILL, CLIENT))).toEqual({ billGuid: BILL, clientGuid: CLIENT });
    expect(parseBillLink(`billpay://bills/${BILL}`)).toEqual({ billGuid: BILL, clientGuid: null });
  });

  it("opens a bill from the web app's address of it (the universal link)", () => {
    expect(parseBillLink(`https://pay.example.com/bill/${BILL.toUpperCase()}?client=${CLIENT}`)).toEqual({
      billGuid: BILL,
      clientGuid: CLIENT,
    });
  });

  it('ignores anything else: other paths, a bad guid, a client that is not a guid', () => {
    expect(parseBillLink('billpay://')).toBeNull();
    expect(parseBillLink('billpay://bills/not-a-guid')).toBeNull();
    expect(parseBillLink(`https://pay.example.com/clients/${BILL}`)).toBeNull();
    expect(parseBillLink('not a url')).toBeNull();
    expect(parseBillLink(`billpay://bills/${BILL}?client=x`)).toEqual({ billGuid: BILL, clientGuid: null });
  });
});
