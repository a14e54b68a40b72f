/**
 * Starting texts for the rich-text points of docs/product.md "Other enumerations". They use only
 * tags the back-office sanitiser keeps, so an operator who opens and saves one gets the same page
 * back.
 */
import { demoRichTextsEnglish } from './richTextsEnglish';
import { demoServiceLine } from './serviceLine';

const page = (...blocks: string[]) => blocks.join('\n');

const operator = '卖卡平台运营方';

const productTip = page(
  '<h3>回收须知</h3>',
  '<ul>',
  '<li>请确认卡券为本人合法所得，平台不回收来源不明、盗刷或诈骗所得的卡券。</li>',
  '<li>请准确选择卡种和面值；实际面值与所选不符时，按实际面值对应的回收比例结算。</li>',
  '<li>提交后请勿再使用或转让该卡券，否则可能导致验卡失败，由此产生的损失由您自行承担。</li>',
  '<li>电子卡一般1～10分钟完成验卡，实体卡在平台签收后1个工作日内完成验卡。</li>',
  '<li>结算金额进入账户余额，可随时申请提现。</li>',
  '</ul>',
);

const recyclingProtocol = page(
  '<h2>卖卡回收协议</h2>',
  `<p>本协议是您与${operator}（以下简称“平台”）就您通过“卖卡”出售卡券所订立的协议。您点击“同意”或提交卡券，即表示您已阅读并同意本协议全部内容。</p>`,
  '<h3>一、卡券来源</h3>',
  '<p>您保证所提交的卡券为您本人合法取得、拥有完整处分权，且未被挂失、冻结或用于任何违法活动。如卡券来源涉嫌违法，平台有权拒绝回收、暂停结算并配合有权机关调查。</p>',
  '<h3>二、提交与验卡</h3>',
  '<ul>',
  '<li>您应如实填写卡种、面值、卡号和卡密，批量提交时每行一张卡。</li>',
  '<li>平台通过合作渠道验证卡券的真实性、余额和状态。验卡期间请勿自行使用、查询消耗或转让卡券。</li>',
  '<li>同一张卡在处理中或已成功回收时不得重复提交。</li>',
  '<li>实体卡须按订单提示邮寄至指定地址并填写快递单号，邮寄途中的遗失风险由您承担。</li>',
  '</ul>',
  '<h3>三、回收价格与结算</h3>',
  '<ul>',
  '<li>回收比例以您提交时页面显示的比例为准；结算金额 = 实际面值 × 回收比例，不足一分的部分舍去。</li>',
  '<li>实际面值与申报面值不一致的，按实际面值及其对应比例结算。</li>',
  '<li>验卡成功后结算金额计入您的账户余额；提现规则以提现页面说明为准。</li>',
  '</ul>',
  '<h3>四、驳回与申诉</h3>',
  '<p>卡号卡密错误、卡券已使用、未激活或状态异常的，平台将驳回并在订单详情中注明原因。您对结果有异议的，可在订单详情中提交申诉，平台将在3个工作日内复核。</p>',
  '<h3>五、风险控制</h3>',
  '<p>为防范欺诈和洗钱，平台可对单个账户设置每日提交上限，可要求您完成实名认证，并可对异常订单暂缓结算。</p>',
  '<h3>六、免责与争议解决</h3>',
  '<p>因上游渠道维护、发卡方系统故障等非平台原因造成的延迟，平台将尽力协调处理，但不承担由此产生的间接损失。因本协议产生的争议，双方应友好协商；协商不成的，可依法向有管辖权的人民法院提起诉讼。</p>',
);

const privacyProtocol = page(
  '<h2>隐私政策</h2>',
  `<p>${operator}（以下简称“我们”）重视您的个人信息保护。本政策说明我们如何收集、使用、存储和保护您的信息，以及您享有的权利。</p>`,
  '<h3>一、我们收集的信息</h3>',
  '<ul>',
  '<li><strong>账户信息：</strong>手机号码、昵称、头像，用于注册登录和账户展示。</li>',
  '<li><strong>实名信息：</strong>姓名、身份证号码及人脸核验结果，仅在您申请提现时收集，用于确认收款人身份。</li>',
  '<li><strong>交易信息：</strong>您提交的卡号、卡密、订单和提现记录，用于完成回收和结算。</li>',
  '<li><strong>收款信息：</strong>支付宝账号、微信或银行卡信息，用于向您付款。</li>',
  '<li><strong>设备信息：</strong>设备标识、IP地址和访问日志，用于安全风控和故障排查。</li>',
  '</ul>',
  '<h3>二、信息的使用</h3>',
  '<p>我们仅在提供回收、结算、提现、客服和安全保障服务所必需的范围内使用您的信息，不会将其用于与上述目的无关的用途。</p>',
  '<h3>三、信息的存储与保护</h3>',
  '<ul>',
  '<li>您的信息存储于中华人民共和国境内。</li>',
  '<li>卡密、身份证号码等敏感信息加密存储，页面和列表中仅展示脱敏后的内容。</li>',
  '<li>我们对工作人员按岗位授权，所有后台操作均有审计记录。</li>',
  '</ul>',
  '<h3>四、信息的共享</h3>',
  '<p>仅在完成服务所必需时，我们会向验卡渠道、支付机构、实名核验服务商和物流服务商提供必要的信息；法律法规要求或有权机关依法要求时，我们将依法提供。除此之外，未经您同意，我们不会向第三方提供您的个人信息。</p>',
  '<h3>五、您的权利</h3>',
  '<p>您可以在“设置”中查阅和更正个人资料，可以更换绑定手机号，也可以申请注销账户。注销后，我们将按法律规定删除或匿名化处理您的个人信息，法律要求保存的交易记录除外。</p>',
  '<h3>六、联系我们</h3>',
  `<p>如对本政策有任何疑问，请通过在线客服或客服热线 ${demoServiceLine.phone} 与我们联系。</p>`,
);

const serviceProtocol = page(
  '<h2>用户服务协议</h2>',
  `<p>欢迎使用“卖卡”。本协议是您与${operator}之间关于使用本平台服务的约定，请您仔细阅读。</p>`,
  '<h3>一、账户注册与使用</h3>',
  '<ul>',
  '<li>您应使用本人手机号码注册，并对账户下的全部行为负责。</li>',
  '<li>请妥善保管短信验证码，平台工作人员不会以任何理由向您索要验证码。</li>',
  '<li>账户仅限本人使用，不得出借、转让或出售。</li>',
  '</ul>',
  '<h3>二、服务内容</h3>',
  '<p>平台为您提供卡券回收、余额管理、提现、订单查询、意见反馈和邀请好友返佣等服务。具体服务以页面实际提供为准，平台可根据业务需要调整服务内容并提前公告。</p>',
  '<h3>三、用户行为规范</h3>',
  '<ul>',
  '<li>不得提交盗窃、诈骗、套现等非法来源的卡券。</li>',
  '<li>不得利用技术手段干扰平台运行，或批量注册账户获取邀请返佣。</li>',
  '<li>不得冒用他人身份进行实名认证或提现。</li>',
  '</ul>',
  '<p>违反上述规定的，平台有权暂停结算、冻结账户，并依法向有关机关报告。</p>',
  '<h3>四、账户注销</h3>',
  '<p>您可以在“设置”中申请注销账户。注销前请提现全部余额；注销后账户无法恢复，该手机号可重新注册为新账户。</p>',
  '<h3>五、协议变更</h3>',
  '<p>平台可根据法律法规或业务变化修订本协议，修订后将在平台公告。您继续使用服务即视为接受修订后的协议。</p>',
);

const businessCooperation = page(
  '<h2>商务合作</h2>',
  '<p>卖卡长期寻求以下方向的合作伙伴：</p>',
  '<ul>',
  '<li><strong>卡券供应与核销渠道：</strong>话费、加油、电商、商超、出行、游戏等各类卡券。</li>',
  '<li><strong>企业福利卡回收：</strong>为企业批量回收节日福利卡、积分卡，提供对公结算。</li>',
  '<li><strong>流量合作：</strong>APP、公众号、小程序等渠道推广合作。</li>',
  '</ul>',
  `<p>合作洽谈请致电 ${demoServiceLine.phone}（<span style="white-space: nowrap">${demoServiceLine.hours}</span>），或通过在线客服留言，注明“商务合作”，我们将在2个工作日内与您联系。</p>`,
);

const aboutUs = page(
  '<h2>关于我们</h2>',
  '<p>“卖卡”是一个专注于闲置卡券回收的平台，支持话费卡、加油卡、电商卡、商超卡、出行卡和游戏卡等多种卡券在线出售，让闲置的卡券快速变成可用的现金。</p>',
  '<h3>我们的承诺</h3>',
  '<ul>',
  '<li><strong>价格透明：</strong>每个面值的回收比例公开展示，提交前即可知道到账金额。</li>',
  '<li><strong>结算快速：</strong>电子卡验卡成功即结算，余额随时提现。</li>',
  '<li><strong>安全可靠：</strong>卡密加密存储，提现需实名认证，资金流水全程可查。</li>',
  '</ul>',
  '<p>如有任何问题，欢迎联系在线客服。</p>',
);

const companyInfo = page(
  '<h3>公司信息</h3>',
  `<p>平台名称：卖卡<br />运营主体：${operator}<br />客服热线：${demoServiceLine.phone}<br />服务时间：<span style="white-space: nowrap">${demoServiceLine.hours}</span></p>`,
  '<p>运营主体的工商登记信息以平台公示为准。</p>',
);

const purchaseIntent = page(
  '<h3>收购意向</h3>',
  '<p>平台当前重点收购以下卡券，回收比例优于同类：</p>',
  '<ul>',
  '<li>中国移动、中国联通、中国电信话费充值卡（全国通用）</li>',
  '<li>中石化、中石油加油卡</li>',
  '<li>京东E卡、天猫超市卡</li>',
  '</ul>',
  '<p>持有大额或批量卡券（单次面值合计1万元以上）的，可联系客服获取专属报价。</p>',
);

// Worded as the app's own pages are (邀请好友, 返佣明细): one name for each thing.
const rebateTip = page(
  '<h3>返佣规则</h3>',
  '<ul>',
  '<li>在“邀请好友”页面获取您的专属邀请链接或邀请海报，好友通过该链接注册即成为您邀请的好友。</li>',
  '<li>您邀请的好友每笔卡券结算到账后，您可获得<strong>该笔到账金额的1%</strong>作为返佣（默认比例，以平台公示为准）。</li>',
  '<li>返佣在好友卡券到账时自动计入您的账户余额，可在“返佣明细”中查看，与回收所得一样可以提现。</li>',
  '<li>仅计算直接邀请的好友，好友再邀请的用户不计入您的返佣。</li>',
  '<li>卡券被驳回或未到账的不产生返佣。</li>',
  '</ul>',
  '<p>严禁通过虚假注册、自己邀请自己等方式获取返佣，一经发现，平台有权扣回相应返佣并限制账户功能。</p>',
);

const footerInfo = page(
  `<p>客服热线：${demoServiceLine.phone}（<span style="white-space: nowrap">${demoServiceLine.hours}</span>）<br />${operator} 版权所有</p>`,
  '<p>请勿出售来源不明的卡券，谨防诈骗。</p>',
);

/** Indexed by point 1..10; each with its English version. */
export const demoRichTexts: readonly { point: number; html: string; htmlEn: string }[] = [
  { point: 1, html: productTip, htmlEn: demoRichTextsEnglish[1]! },
  { point: 2, html: recyclingProtocol, htmlEn: demoRichTextsEnglish[2]! },
  { point: 3, html: privacyProtocol, htmlEn: demoRichTextsEnglish[3]! },
  { point: 4, html: serviceProtocol, htmlEn: demoRichTextsEnglish[4]! },
  { point: 5, html: businessCooperation, htmlEn: demoRichTextsEnglish[5]! },
  { point: 6, html: aboutUs, htmlEn: demoRichTextsEnglish[6]! },
  { point: 7, html: companyInfo, htmlEn: demoRichTextsEnglish[7]! },
  { point: 8, html: purchaseIntent, htmlEn: demoRichTextsEnglish[8]! },
  { point: 9, html: rebateTip, htmlEn: demoRichTextsEnglish[9]! },
  { point: 10, html: footerInfo, htmlEn: demoRichTextsEnglish[10]! },
];
