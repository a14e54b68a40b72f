import type { zhCN } from './zh-CN';

/** The same keys as zh-CN, checked by the compiler. */
type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const enUS: Shape<typeof zhCN> = {
  app: { title: 'Maika Console' },
  resources: {
    dashboard: 'Dashboard', cards: 'Card review', appeals: 'Appeals', shipments: 'Mailed cards', catalogue: 'Catalogue', categories: 'Categories', cardTypes: 'Card types & rates',
    withdrawals: 'Withdrawals', users: 'Users', referrals: 'Referrals', content: 'Content', 'content/banners': 'Banners', 'content/notices': 'Announcements',
    'content/broadcasts': 'Ticker lines', 'content/faq': 'FAQ', 'content/richText': 'Rich texts', 'content/foundation': 'Site settings',
    withdrawalChannels: 'Payout channels', feedback: 'Feedback', system: 'System', smsOutbox: 'SMS outbox', audit: 'Audit log', admins: 'Operators', approvals: 'Second approvals',
  },
  titles: { list: '{{name}}', show: '{{name}} · details', create: 'New · {{name}}', edit: 'Edit · {{name}}' },
  errors: { network: 'The server cannot be reached; check the network and try again.', unreadable: 'The server sent an answer the console cannot read; try again later.', http: 'The server failed (HTTP {{status}}); try again later.' },
  forbidden: { title: 'Not for your role', detail: 'Your role cannot open this page; ask an administrator to change your role if you need it.' },
  header: { language: 'Language' },
  login: {
    subtitle: 'Operator sign-in', username: 'Username', password: 'Password', usernameRequired: 'Enter your username', passwordRequired: 'Enter your password', submit: 'Sign in',
    otp: 'Code', otpHint: 'The 6-digit code from your authenticator app, or a recovery code', otpRequired: 'Enter the code or a recovery code',
  },
  twoFactor: {
    title: 'Two-factor login', required: 'Your role (administrator, finance) must turn on two-factor login before using the console.', optional: 'Once on, signing in asks for the code from your authenticator app as well as the password.',
    enabled: 'Two-factor login is on', enabledHint: 'If you lose your phone, ask another administrator to reset it.', start: 'Turn on two-factor login', scan: 'Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator…) or type the key:',
    code: 'Code', codeHint: 'Enter the 6-digit code the app shows', confirm: 'Turn on', recoveryTitle: 'Save your recovery codes',
    recoveryHint: 'Each recovery code signs you in once instead of a code. They are shown only now: write them down or keep them somewhere safe.', saved: 'I have saved them, continue', back: 'Back to the console', manage: 'Two-factor login',
  },
  buttons: {
    create: 'Create', save: 'Save', logout: 'Log out', delete: 'Delete', edit: 'Edit', cancel: 'Cancel', confirm: 'Confirm', filter: 'Search', clear: 'Clear',
    refresh: 'Refresh', show: 'View', list: 'List', undo: 'Undo', notAccessTitle: 'You are not allowed to do this', exportCsv: 'Export CSV', upload: 'Upload', replace: 'Replace',
  },
  notifications: {
    success: 'Done', error: 'Something went wrong (code {{statusCode}})', done: 'Done', failed: 'Not done', undoable: 'You have {seconds, plural, one {# second} other {# seconds}} to undo',
    createSuccess: 'Created', createError: 'Could not create (code {{statusCode}})', editSuccess: 'Saved', editError: 'Could not save (code {{statusCode}})',
    deleteSuccess: 'Deleted', deleteError: 'Could not delete (code {{statusCode}})', importProgress: 'Importing: {{processed}}/{{total}}',
  },
  warnWhenUnsavedChanges: 'You have unsaved changes. Leave anyway?',
  pages: { error: { info: 'The {{action}} page of {{resource}} is missing from the routes.', '404': 'Sorry, this page does not exist.', resource404: 'This page does not exist.', backHome: 'Back home' } },
  table: { actions: 'Actions' },
  common: {
    status: 'Status', phone: 'Phone', phonePlaceholder: 'Whole or part of a phone', user: 'User', createdAt: 'Created', time: 'Time', dateRange: 'Dates',
    reason: 'Reason', reasonRequired: 'Give a reason (the user sees it)', reasonOptional: 'Reason (optional)', all: 'All', sort: 'Order', enabled: 'Enabled', on: 'On', off: 'Off',
    amountRequired: 'Enter an amount', amountPositive: 'The amount must be more than 0',
  },
  dashboard: {
    risk: 'Risk flags (24 hours)', noRisk: 'No risk flags', riskKinds: { userCredits: 'Unusual credits', operatorApprovals: 'Many approvals' }, riskCredits: '{{value}} credited in 24 h; daily average before: {{baseline}}', riskApprovals: '{{value}} approvals in 24 h; threshold {{baseline}}',
    today: 'Today', cardsSubmitted: 'Cards submitted', cardsPassed: 'Cards passed', cardsCredited: 'Cards credited', credited: 'Credited', paidOut: 'Paid out',
    paidOutToday: 'Paid out ({{count}})', newUsers: 'New users', queues: 'Waiting for you', open: 'Open', reviewQueue: 'Cards to review', appealQueue: 'Appeals to decide',
    withdrawalQueue: 'Withdrawals to approve', feedbackQueue: 'Feedback to answer', cardsTrend: 'Cards, last 14 days', moneyTrend: 'Money, last 14 days', usersTrend: 'New users, last 14 days',
  },
  cards: {
    supplierRefused: 'Supplier refused: review by hand',
    queue: 'Review queue', appeals: 'Appeals', goods: 'Card type', faceValue: 'Face value', orderNo: 'Order', cardNo: 'Card number', cardPwd: 'Card password', declared: 'Declared', actual: 'Actual', rate: 'Rate',
    settlement: 'Settlement', settlementStatus: 'Credit', reason: 'Reason', appealReason: 'Appeal', reveal: 'Reveal', revealReason: 'Why you need to see it (kept in the audit log)', revealReasonRequired: 'Say why, in at least 4 characters', secretTitle: 'Card number and password',
    secretAudited: 'This look has been written to the audit log.', approve: 'Approve', approveTitle: 'Approve this card (declared {{declared}})', actualFaceValue: 'Actual face value (yuan)',
    actualFaceValueHint: 'Fill in only when it differs from the declared value; the card settles at it. Empty: the declared value.', reject: 'Reject', rejectTitle: 'Reject this card', notActivated: 'Not activated', abnormal: 'Abnormal',
    freeze: 'Freeze credit', unfreeze: 'Release credit', selected: '{{count}} selected', bulkApprove: 'Approve selected', bulkApproveConfirm: '{count, plural, one {Approve the selected card at its declared value?} other {Approve the # selected cards at their declared value?}}',
    bulkReject: 'Reject selected', bulkRejectTitle: '{count, plural, one {Reject the selected card} other {Reject the # selected cards}}', bulkSkipped: '{{done}} done, {{skipped}} left unchanged',
    decide: 'Decide', decideTitle: 'Decide the appeal (declared {{declared}})', decision: 'Decision', uphold: 'Uphold (card passes)', dismiss: 'Dismiss', reply: 'Reply to the user',
  },
  approvals: {
    intro: 'Decisions above the limits need two different operators: one asks, a second approves here before anything changes. Reviewers decide cards, finance decides balance adjustments.',
    kind: 'Kind', target: 'For', amount: 'Money at stake', faceValue: 'Actual face value', declared: 'declared {{value}}', requestedBy: 'Asked by',
    card: 'Card #{{id}}', user: 'User #{{id}}', approve: 'Approve', decline: 'Decline', yours: 'You asked for this: another operator must approve it',
    approveTitle: 'Approve request #{{id}}?', declineTitle: 'Decline request #{{id}} (nothing changes)',
    pendingNotice: 'Recorded for a second approval: {{value}}; it takes effect when another reviewer approves it under Second approvals', adjustPendingNotice: 'Recorded for a second approval: credited when another finance operator approves it under Second approvals',
    kinds: { card_approve: 'Card pass', card_appeal: 'Appeal upheld', ledger_adjust: 'Balance adjustment' },
    effect: { card_approve: 'The card passes at its actual face value and settles {{amount}}.', card_appeal: 'The appeal is upheld: the card passes at its actual face value and settles {{amount}}.', ledger_adjust: 'The user is credited {{amount}}.' },
    status: { pending: 'Pending', approved: 'Approved', declined: 'Declined', all: 'All' },
  },
  catalogue: {
    name: 'Name', icon: 'Icon', logo: 'Logo', category: 'Category', newCategory: 'New category', editCategory: 'Edit category · {{name}}', rules: 'Number / password rules',
    cardNo: 'Number', password: 'Password', passwordOnly: 'Password only', faceValues: 'Face values and rates', faceValue: 'Face value', rate: 'Recycle rate', rateHint: 'A percentage with at most 2 decimals, e.g. 96.50',
    payout: 'User gets', addFaceValue: 'Add face value', changeRate: 'Change rate', changeRateOf: 'Change the rate of {{face}}', kind: 'Kind', physical: 'Physical', electronic: 'Electronic',
    maintenance: 'Maintenance', maintenanceNote: 'Maintenance note (users see it)', inMaintenance: 'Maintenance', open: 'Open', dailyCap: 'Daily cap per user (cards)', dailyCapHint: 'Empty: no cap',
    noCap: 'No cap', needsCardNo: 'Needs a card number', cardNoRule: 'Number rule', pwdRule: 'Password rule', length: 'Length', lengthHint: 'Empty: any length',
  },
  withdrawals: {
    limits: 'Automatic payouts a day: {{user}} per user, {{platform}} in all', changeLimits: 'Change limits', changeLimitsTitle: 'Daily automatic payout limits (above them finance approves)', userDailyLimit: 'Per user a day (yuan)', platformDailyLimit: 'Platform a day (yuan)',
    title: 'Withdrawal', orderNo: 'Withdrawal no.', amount: 'Amount', fee: 'Fee', channel: 'Channel', payee: 'Payee', payeeName: 'Payee name', payeeAccount: 'Payee account',
    bank: 'Bank', approvals: 'Approvals', approvalProgress: '{{count}}/{{required}} approved', approved: 'Approved', autoApproved: 'No approval needed',
    approve: 'Approve', approveConfirm: 'Approve this withdrawal?', reject: 'Reject', rejectTitle: 'Reject (the amount returns to the balance)', offlinePaid: 'Paid offline',
    offlinePaidConfirm: 'Was it paid by hand?', offlineFailed: 'Offline payment failed', retry: 'Pay again', retryConfirm: 'Hold the amount again and pay once more?',
    needsSecond: '{count, plural, one {# finance approval} other {# finance approvals}} so far: needs a second approver, another finance account ({{required}} in all)', failReason: 'Failure', summary: 'Summary', attempt: 'Attempt',
    paidAt: 'Paid at', outBizNo: 'Channel order no.', provider: 'Paid by', providerRef: 'Channel reference', approvalLog: 'Approvals', approver: 'Approver',
  },
  users: {
    user: 'User', realName: 'Real name', verified: 'Verified', unverified: 'Not verified', available: 'Available', held: 'Held', creditedTotal: 'Credited in all',
    withdrawnTotal: 'Withdrawn in all', rebateTotal: 'Rebates in all', referrer: 'Referrer', joinedAt: 'Joined', gender: 'Gender', inviteCode: 'Invite code', idNum: 'ID number',
    verifiedAt: 'Verified at', bindings: 'Linked', wechat: 'WeChat', alipay: 'Alipay', cards: 'Cards', referees: 'Referees ({{count}})', ledger: 'Ledger',
    referee: 'Referee', nickname: 'Nickname', cardCount: 'Cards', rebate: 'Rebate', freeze: 'Freeze account', freezeTitle: 'Freeze (logs out now; no login, no withdrawal)',
    unfreeze: 'Unfreeze', unfreezeConfirm: 'Unfreeze this account?', adjust: 'Adjust balance', adjustTitle: 'Adjust the available balance', direction: 'Direction', credit: 'Add',
    debit: 'Deduct', amount: 'Amount (yuan)',
  },
  ledger: {
    reason: 'Type', amount: 'Amount', counterAccount: 'Counter account', ref: 'Reference', state: 'State', pending: 'Pending', posted: 'Posted',
    reasons: {
      card_settlement: 'Card settlement', card_settlement_reversal: 'Settlement reversal', rebate: 'Referral rebate', rebate_reversal: 'Rebate reversal', adjustment: 'Manual adjustment',
      withdrawal_hold: 'Withdrawal hold', withdrawal_payout: 'Withdrawal payout', withdrawal_fee: 'Withdrawal fee', withdrawal_void: 'Withdrawal returned',
    },
  },
  content: {
    position: 'Position', title: 'Title', image: 'Image', imageRequired: 'Upload an image', link: 'Link', linkHint: 'A page path of the app or a full URL; may be empty',
    body: 'Content', publishedAt: 'Published', pinned: 'Pinned', text: 'Text', question: 'Question', answer: 'Answer', version: 'Version {{version}}',
    sanitised: 'The server removes unsafe HTML when saving; use uploaded image addresses.',
  },
  editor: { bold: 'Bold', italic: 'Italic', underline: 'Underline', strike: 'Strikethrough', bulletList: 'Bulleted list', orderedList: 'Numbered list', undo: 'Undo', redo: 'Redo' },
  foundation: {
    site: 'Site', siteName: 'Site name', servicePhone: 'Service phone', serviceHours: 'Service hours', icp: 'ICP licence', versionStamp: 'Version date', versionCode: 'Version',
    oldPlatformUrl: 'Old platform URL', links: 'Service and app links', customerService: 'Customer service', appLaunch: 'App launch', platforms: { h5: 'H5', weapp: 'WeChat mini-program', alipay: 'Alipay mini-program' },
    rebate: 'Referral rebate', rebateRate: 'Rebate rate', rebateRateHint: "Share of a referee's credited settlement paid to the referrer, 0% to 30%",
  },
  channels: {
    limits: 'Per withdrawal', min: 'Minimum (yuan)', max: 'Maximum (yuan)', fee: 'Fee', feeRate: 'Fee rate', feeMin: 'Minimum fee (yuan)', feeMinHint: '0: no minimum',
    feeText: '{{rate}}, at least {{min}}', free: 'Free', autoPayout: 'Automatic payout', autoPayoutHint: 'Off: finance pays by hand', auto: 'Automatic', manual: 'By hand',
  },
  feedback: {
    category: 'Category', content: 'Content', images: 'Images', contact: 'Contact', reply: 'Reply', replyTitle: 'Answer feedback', decision: 'Outcome', accept: 'Accept',
    rejectIt: 'Decline', replyText: 'Reply', replyRequired: 'Write the reply (the user reads it)',
  },
  shipments: {
    orderNo: 'Order', cards: 'Cards', parcel: 'Carrier & tracking no.', noTracking: 'Not entered by the user yet', shippedAt: 'Shipped', receivedAt: 'Received',
    byCarrier: 'Reported delivered by the carrier', search: 'Order or tracking no.', searchPlaceholder: 'The whole number', markReceived: 'Mark received',
    markReceivedConfirm: '{count, plural, one {The parcel is here with its card? Its checking starts now and cannot be undone.} other {The parcel is here with its # cards? Their checking starts now and cannot be undone.}}',
  },
  sms: { code: 'Code', purpose: 'Purpose', sentAt: 'Sent', purposes: { login: 'Login', modifyPhone: 'Change phone' } },
  audit: {
    when: 'When', who: 'Who', action: 'What', target: 'Target', from: 'From',
    actions: {
      admin_login: 'Signed in', admin_logout: 'Signed out', admin_twoFactor_setup: 'Started two-factor setup', admin_twoFactor_enable: 'Turned on two-factor', admin_twoFactor_reset: 'Reset two-factor', admin_create: 'Created operator', admin_update: 'Changed operator', card_reveal: 'Revealed card', approval_approve: 'Approved request', approval_decline: 'Declined request', card_approve: 'Approved card',
      card_reject: 'Rejected card', card_notActivated: 'Not activated', card_abnormal: 'Marked abnormal', card_freeze: 'Froze credit', card_unfreeze: 'Released credit',
      card_bulkApprove: 'Bulk approve', card_bulkReject: 'Bulk reject', card_appealDecide: 'Decided appeal', withdrawal_approve: 'Approved withdrawal', withdrawal_reject: 'Rejected withdrawal',
      withdrawal_offlinePaid: 'Paid offline', withdrawal_offlineFailed: 'Offline payment failed', withdrawal_retry: 'Paid again', ledger_adjust: 'Adjusted balance',
      feedback_reply: 'Answered feedback', shipment_received: 'Marked received', content_richText_save: 'Saved rich text', settings_rebateRate: 'Changed rebate rate', settings_payoutLimits: 'Changed payout limits', user_freeze: 'Froze user', user_unfreeze: 'Unfroze user',
      withdrawalChannel_update: 'Changed channel', content_foundation_save: 'Saved site settings', content_upload: 'Uploaded image', content_banners_create: 'Added banner',
      content_banners_update: 'Changed banner', content_banners_delete: 'Deleted banner', content_notices_create: 'Added announcement', content_notices_update: 'Changed announcement',
      content_notices_delete: 'Deleted announcement', content_broadcasts_create: 'Added ticker line', content_broadcasts_update: 'Changed ticker line', content_broadcasts_delete: 'Deleted ticker line',
      content_faq_create: 'Added FAQ', content_faq_update: 'Changed FAQ', content_faq_delete: 'Deleted FAQ', export_cards: 'Exported cards', export_withdrawals: 'Exported withdrawals',
      export_users: 'Exported users', catalogue_category_create: 'Added category', catalogue_category_update: 'Changed category', catalogue_cardType_create: 'Added card type',
      catalogue_cardType_update: 'Changed card type', catalogue_faceValue_save: 'Saved face value', catalogue_faceValue_update: 'Changed face value',
    },
  },
  admins: {
    username: 'Username', role: 'Role', password: 'Password', passwordHint: 'At least 12 characters', usernameHint: '3–32 letters, digits, dot, dash or underscore',
    create: 'New operator', editTitle: 'Edit {{name}}', disabled: 'Disabled', active: 'Active', lastLogin: 'Last sign-in',
    twoFactor: 'Two-factor', twoFactorOn: 'On', twoFactorOff: 'Off', resetTwoFactor: 'Reset two-factor',
    resetTwoFactorConfirm: "Reset {{name}}'s two-factor login? Their sessions end now; administrators and finance set it up again at the next sign-in.",
  },
  englishVersion: {
    label: '{{field}} (English)', hint: 'Optional. Left empty, readers of English see the Chinese.',
    chinese: 'Chinese', english: 'English', richTextHint: 'Readers of English see this version; left empty, they see the Chinese.',
  },
};
