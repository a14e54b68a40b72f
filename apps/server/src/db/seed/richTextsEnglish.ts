/**
 * The English versions of the starting rich texts, point by point as in richTexts.ts, in the
 * words the app's English pages use (Invite friends, Rebate details, Rebate rules).
 */
import { demoServiceLine } from './serviceLine';

const page = (...blocks: string[]) => blocks.join('\n');

const operator = 'the operator of the Maika platform';
const Operator = 'The operator of the Maika platform';
const hours = `<span style="white-space: nowrap">${demoServiceLine.hours}</span>`;

const productTip = page(
  '<h3>Before you sell</h3>',
  '<ul>',
  '<li>Sell only cards you obtained lawfully. We do not buy cards of unknown origin, stolen cards or cards obtained by fraud.</li>',
  '<li>Choose the card type and face value carefully. When the actual face value differs from the one you chose, the card settles at the rate of its actual face value.</li>',
  '<li>Once submitted, do not use or pass on the card: checking may then fail, and the loss would be yours.</li>',
  '<li>Electronic cards are usually checked within 1 to 10 minutes; physical cards within 1 working day after we receive them.</li>',
  '<li>The settlement goes to your balance, which you can withdraw at any time.</li>',
  '</ul>',
);

const recyclingProtocol = page(
  '<h2>Card Sale Agreement</h2>',
  `<p>This agreement is between you and ${operator} ("the platform") for the cards you sell through Maika. By tapping "Agree" or submitting a card you confirm that you have read and accept all of it.</p>`,
  '<h3>1. Where the cards come from</h3>',
  '<p>You confirm that every card you submit was obtained lawfully by you, is yours to sell, and has not been reported lost, frozen or used in any unlawful activity. Where a card is suspected to be unlawful, the platform may refuse it, hold its settlement and assist the competent authorities.</p>',
  '<h3>2. Submitting and checking</h3>',
  '<ul>',
  '<li>Enter the card type, face value, card number and PIN truthfully; in a batch, one card per line.</li>',
  '<li>The platform checks each card’s authenticity, balance and status through its partner channels. While a card is being checked, do not use it, spend from it or pass it on.</li>',
  '<li>A card that is being processed or has been sold cannot be submitted again.</li>',
  '<li>Physical cards must be mailed to the address the order shows, with the tracking number entered in the order; the risk of loss in the post is yours.</li>',
  '</ul>',
  '<h3>3. Prices and settlement</h3>',
  '<ul>',
  '<li>The rate is the one shown when you submit; settlement = actual face value × rate, with anything below one fen dropped.</li>',
  '<li>Where the actual face value differs from the declared one, the card settles at the actual face value and its rate.</li>',
  '<li>A card that passes is credited to your balance; the withdrawal page explains how to withdraw.</li>',
  '</ul>',
  '<h3>4. Rejections and appeals</h3>',
  '<p>Cards with a wrong number or PIN, or that are used, not activated or otherwise abnormal, are rejected with the reason shown in the order. If you disagree, appeal from the order details; the platform reviews appeals within 3 working days.</p>',
  '<h3>5. Risk control</h3>',
  '<p>To prevent fraud and money laundering, the platform may cap what one account submits per day, require real-name verification and hold the settlement of unusual orders.</p>',
  '<h3>6. Liability and disputes</h3>',
  '<p>For delays caused outside the platform, such as maintenance of a supplier channel or a card issuer’s system failure, the platform will do its best to resolve them but is not liable for indirect losses. Disputes under this agreement are settled by negotiation first; failing that, either party may bring a claim before the competent people’s court.</p>',
);

const privacyProtocol = page(
  '<h2>Privacy Policy</h2>',
  `<p>${Operator} ("we") takes the protection of your personal information seriously. This policy explains what we collect, how we use, store and protect it, and your rights.</p>`,
  '<h3>1. What we collect</h3>',
  '<ul>',
  '<li><strong>Account:</strong> phone number, nickname and avatar, to sign you in and show your account.</li>',
  '<li><strong>Identity:</strong> name, ID card number and the result of face verification, collected only when you withdraw, to confirm who is paid.</li>',
  '<li><strong>Transactions:</strong> the card numbers and PINs you submit, your orders and withdrawals, to buy your cards and pay you.</li>',
  '<li><strong>Payee accounts:</strong> Alipay, WeChat or bank card details, to pay you.</li>',
  '<li><strong>Device:</strong> device identifier, IP address and access logs, for security and troubleshooting.</li>',
  '</ul>',
  '<h3>2. How we use it</h3>',
  '<p>Only as far as needed to buy your cards, settle, pay out, support you and keep the service safe; never for unrelated purposes.</p>',
  '<h3>3. Storage and protection</h3>',
  '<ul>',
  '<li>Your information is stored in the People’s Republic of China.</li>',
  '<li>Card PINs, ID numbers and other sensitive data are stored encrypted; pages and lists show them masked.</li>',
  '<li>Staff get access by role, and every back-office action is recorded in an audit log.</li>',
  '</ul>',
  '<h3>4. Sharing</h3>',
  '<p>Only where the service needs it do we give card-checking channels, payment institutions, identity verification providers and carriers the information they need; and where the law or a competent authority requires it. Otherwise we never give your personal information to third parties without your consent.</p>',
  '<h3>5. Your rights</h3>',
  '<p>In Settings you can view and correct your profile, change your phone number or cancel your account. After cancellation we delete or anonymise your personal information as the law provides, except transaction records the law requires us to keep.</p>',
  '<h3>6. Contact us</h3>',
  `<p>For any question about this policy, contact online customer service or call ${demoServiceLine.phone}.</p>`,
);

const serviceProtocol = page(
  '<h2>User Service Agreement</h2>',
  `<p>Welcome to Maika. This agreement sets out how you and ${operator} use the platform’s services; please read it carefully.</p>`,
  '<h3>1. Your account</h3>',
  '<ul>',
  '<li>Register with your own phone number; you are responsible for everything done under your account.</li>',
  '<li>Keep your SMS codes to yourself: our staff will never ask you for one, for any reason.</li>',
  '<li>Your account is for you alone: do not lend, transfer or sell it.</li>',
  '</ul>',
  '<h3>2. The services</h3>',
  '<p>The platform offers card recycling, a balance, withdrawals, order tracking, feedback and rebates for inviting friends. What is offered is what the pages show; the platform may change its services as the business needs, announcing changes in advance.</p>',
  '<h3>3. Rules of conduct</h3>',
  '<ul>',
  '<li>Do not submit cards obtained by theft, fraud, cash-out schemes or other unlawful means.</li>',
  '<li>Do not interfere with the platform by technical means, or register accounts in bulk to collect invitation rebates.</li>',
  '<li>Do not use another person’s identity for real-name verification or withdrawals.</li>',
  '</ul>',
  '<p>Where these rules are broken, the platform may hold settlements, freeze the account and report to the authorities as the law provides.</p>',
  '<h3>4. Cancelling your account</h3>',
  '<p>You can cancel your account in Settings. Withdraw your whole balance first; a cancelled account cannot be restored, and the phone number can register a new account.</p>',
  '<h3>5. Changes to this agreement</h3>',
  '<p>The platform may revise this agreement as laws or the business change, announcing each revision on the platform. Continuing to use the service means you accept the revised agreement.</p>',
);

const businessCooperation = page(
  '<h2>Business Cooperation</h2>',
  '<p>Maika is always looking for partners in:</p>',
  '<ul>',
  '<li><strong>Card supply and redemption channels:</strong> phone top-up, fuel, online shopping, supermarket, travel, game and other cards.</li>',
  '<li><strong>Corporate benefit cards:</strong> bulk recycling of festival gift cards and points cards for companies, settled to a company account.</li>',
  '<li><strong>Traffic partnerships:</strong> promotion through apps, official accounts, mini-programs and other channels.</li>',
  '</ul>',
  `<p>Call ${demoServiceLine.phone} (${hours}, China time), or leave a message with online customer service marked "Business cooperation"; we will contact you within 2 working days.</p>`,
);

const aboutUs = page(
  '<h2>About us</h2>',
  '<p>Maika is a platform for recycling unused gift and prepaid cards. Sell phone top-up, fuel, online shopping, supermarket, travel and game cards online, and turn cards you do not use into cash quickly.</p>',
  '<h3>Our promises</h3>',
  '<ul>',
  '<li><strong>Clear prices:</strong> the rate of every face value is public, so you know what you get before you submit.</li>',
  '<li><strong>Fast settlement:</strong> an electronic card is settled as soon as it passes; withdraw your balance at any time.</li>',
  '<li><strong>Safe:</strong> card PINs are stored encrypted, withdrawals need real-name verification, and every movement of money can be traced.</li>',
  '</ul>',
  '<p>For any question, contact online customer service.</p>',
);

const companyInfo = page(
  '<h3>Company information</h3>',
  `<p>Platform: Maika<br />Operator: ${operator}<br />Service hotline: ${demoServiceLine.phone}<br />Service hours: ${hours} (China time)</p>`,
  '<p>The operator’s business registration is as published on the platform.</p>',
);

const purchaseIntent = page(
  '<h3>What we are buying</h3>',
  '<p>We are currently buying these cards at better rates than similar ones:</p>',
  '<ul>',
  '<li>China Mobile, China Unicom and China Telecom top-up cards (valid nationwide)</li>',
  '<li>Sinopec and PetroChina fuel cards</li>',
  '<li>JD E-cards and Tmall Supermarket cards</li>',
  '</ul>',
  '<p>Holding large or many cards (over ¥10,000 of face value at a time)? Contact customer service for a price of your own.</p>',
);

const rebateTip = page(
  '<h3>Rebate rules</h3>',
  '<ul>',
  '<li>Get your own invite link or invite poster on the "Invite friends" page. A friend who signs up through it becomes a friend you invited.</li>',
  '<li>Each time a card of a friend you invited is settled, you get <strong>1% of the amount credited</strong> as a rebate (the default rate; the rate the platform publishes applies).</li>',
  '<li>The rebate goes to your balance when your friend’s card is credited. See it under "Rebate details"; you can withdraw it like any other earnings.</li>',
  '<li>Only friends you invited directly count: the people they invite do not earn you rebates.</li>',
  '<li>Cards that are rejected or not credited earn no rebate.</li>',
  '</ul>',
  '<p>Fake sign-ups, inviting yourself and similar tricks are forbidden: the platform will take back such rebates and may restrict the account.</p>',
);

const footerInfo = page(
  `<p>Service hotline: ${demoServiceLine.phone} (${hours}, China time)<br />© ${Operator}</p>`,
  '<p>Do not sell cards of unknown origin, and beware of fraud.</p>',
);

/** Indexed by point 1..10, as the Chinese texts are. */
export const demoRichTextsEnglish: Readonly<Record<number, string>> = {
  1: productTip,
  2: recyclingProtocol,
  3: privacyProtocol,
  4: serviceProtocol,
  5: businessCooperation,
  6: aboutUs,
  7: companyInfo,
  8: purchaseIntent,
  9: rebateTip,
  10: footerInfo,
};
