import { describe, expect, it } from 'vitest';
import { acceptedTemplateIds } from './subscribeAnswer';

describe('the answer to a subscribe-message consent request', () => {
  const asked = ['tpl-credited', 'tpl-needs-you', 'tpl-appeal'];

  it("takes WeChat's accepted templates and leaves the rejected, banned and filtered ones", () => {
    const answer = { errMsg: 'requestSubscribeMessage:ok', 'tpl-credited': 'accept', 'tpl-needs-you': 'reject', 'tpl-appeal': 'ban' };
    expect(acceptedTemplateIds(asked, answer)).toEqual(['tpl-credited']);
    expect(acceptedTemplateIds(asked, { 'tpl-credited': 'reject', 'tpl-needs-you': 'accept', 'tpl-appeal': 'filter' })).toEqual([
      'tpl-needs-you',
    ]);
  });

  it("takes Alipay's subscribed templates from its result list as well as from the per-template answers", () => {
    const answer = {
      behavior: 'subscribe',
      result: { subscribeEntityIds: ['tpl-appeal', 'tpl-credited'], unsubscribedEntityIds: ['tpl-needs-you'] },
    };
    expect(acceptedTemplateIds(asked, answer)).toEqual(['tpl-credited', 'tpl-appeal']);
  });

  it('never takes a template it did not ask for, nor one twice', () => {
    const answer = { 'tpl-other': 'accept', 'tpl-credited': 'accept', result: { subscribeEntityIds: ['tpl-credited', 'tpl-else'] } };
    expect(acceptedTemplateIds([...asked, 'tpl-credited'], answer)).toEqual(['tpl-credited']);
  });

  it('takes nothing from a failed or malformed answer', () => {
    expect(acceptedTemplateIds(asked, undefined)).toEqual([]);
    expect(
      acceptedTemplateIds(asked, { errMsg: 'requestSubscribeMessage:fail can only be invoked by user TAP gesture.', errCode: 20004 }),
    ).toEqual([]);
    expect(acceptedTemplateIds(asked, 'accept')).toEqual([]);
  });
});
