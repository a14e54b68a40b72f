ALTER TABLE "withdrawals" ADD COLUMN "fail_reason_key" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fail_reason_params" jsonb;--> statement-breakpoint
-- Payout reasons stored before keys were Chinese text from the catalogue: keep their key instead, so they read in either language.
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.failed', "fail_reason" = NULL WHERE "fail_reason" = '打款失败，金额已退回余额';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.notConfirmed', "fail_reason" = NULL WHERE "fail_reason" = '收款人未在24小时内确认收款，金额已退回余额';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.simulatedFailed', "fail_reason" = NULL WHERE "fail_reason" = '模拟打款失败';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.invalidAmount', "fail_reason" = NULL WHERE "fail_reason" = '提现金额无效，请重新提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.platformAccount', "fail_reason" = NULL WHERE "fail_reason" = '平台付款账户暂时无法付款，请稍后重试或联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.platformProduct', "fail_reason" = NULL WHERE "fail_reason" = '平台支付宝转账暂不可用，请改用其他收款方式或联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.singleLimit', "fail_reason" = NULL WHERE "fail_reason" = '超过支付宝单笔转账限额，请减少提现金额后重试';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.dailyLimit', "fail_reason" = NULL WHERE "fail_reason" = '已超过支付宝当日转账限额，请明天再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.payeeNotExist', "fail_reason" = NULL WHERE "fail_reason" = '收款支付宝账户不存在，请核对账户后重新提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.payeeNameMismatch', "fail_reason" = NULL WHERE "fail_reason" = '支付宝账户与实名姓名不一致，请使用本人实名的支付宝账户';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.payeeAccountStatus', "fail_reason" = NULL WHERE "fail_reason" = '收款支付宝账户状态异常，请在支付宝中查看或改用其他账户';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.payeePhoneShared', "fail_reason" = NULL WHERE "fail_reason" = '该手机号对应多个支付宝账户，请改用邮箱账户或其他收款方式';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.identityTheft', "fail_reason" = NULL WHERE "fail_reason" = '收款账户存在身份冒用风险，请在支付宝中完成身份核验后再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.payeeNotCertified', "fail_reason" = NULL WHERE "fail_reason" = '收款支付宝账户未实名认证，请完成实名认证后再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.payeeIdentityIncomplete', "fail_reason" = NULL WHERE "fail_reason" = '收款支付宝账户身份信息不完整，请在支付宝中完善后再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.payeeBlocked', "fail_reason" = NULL WHERE "fail_reason" = '收款支付宝账户已被限制收款，请改用其他收款方式';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.belowMinimum', "fail_reason" = NULL WHERE "fail_reason" = '提现金额低于支付宝最低转账金额 0.10 元';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.invalidParameter', "fail_reason" = NULL WHERE "fail_reason" = '转账信息有误，请核对收款账户后重试或联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.memoRequired', "fail_reason" = NULL WHERE "fail_reason" = '大额转账需填写转账理由，请联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.transferFailedWithDetail', "fail_reason_params" = jsonb_build_object('detail', substring("fail_reason" from '^支付宝转账失败：(.+)，请核对收款账户后重新提现$')), "fail_reason" = NULL WHERE "fail_reason" ~ '^支付宝转账失败：(.+)，请核对收款账户后重新提现$';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.transferFailed', "fail_reason" = NULL WHERE "fail_reason" = '支付宝转账失败，请核对收款账户后重新提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.refused', "fail_reason_params" = jsonb_build_object('said', substring("fail_reason" from '^支付宝拒绝了转账：(.+)$')), "fail_reason" = NULL WHERE "fail_reason" ~ '^支付宝拒绝了转账：(.+)$';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.invalidOutBizNo', "fail_reason" = NULL WHERE "fail_reason" = '提现单号不被支付宝接受，请联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.alipay.payeeMissing', "fail_reason" = NULL WHERE "fail_reason" = '请填写支付宝账户和实名姓名后再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.accountFrozen', "fail_reason" = NULL WHERE "fail_reason" = '收款微信账户已被冻结，请解除冻结或改用其他收款方式';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.accountNotExist', "fail_reason" = NULL WHERE "fail_reason" = '收款微信账户不存在，请重新绑定微信后再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.monthlyLimitRule', "fail_reason" = NULL WHERE "fail_reason" = '已超过本月微信收款限额，请下月再提现或改用其他收款方式';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.monthlyLimit', "fail_reason" = NULL WHERE "fail_reason" = '微信账户本月收款受限，请改用其他收款方式';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.dailyCount', "fail_reason" = NULL WHERE "fail_reason" = '已超过今日微信收款次数，请明天再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.dailyQuota', "fail_reason" = NULL WHERE "fail_reason" = '已超过今日微信收款额度，请明天再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.idCardMismatch', "fail_reason" = NULL WHERE "fail_reason" = '收款人身份证校验不通过，请核对实名信息';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.cancelled', "fail_reason" = NULL WHERE "fail_reason" = '转账已撤销，金额已退回余额';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.merchantRejected', "fail_reason" = NULL WHERE "fail_reason" = '平台已驳回本次转账，请联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.merchantNotConfirmed', "fail_reason" = NULL WHERE "fail_reason" = '平台未及时确认本次转账，请重新提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.nameMismatch', "fail_reason" = NULL WHERE "fail_reason" = '收款人姓名与微信实名不一致，请使用本人实名的微信收款';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.openidInvalid', "fail_reason" = NULL WHERE "fail_reason" = '收款微信账户无效，请重新绑定微信后再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.otherFailure', "fail_reason" = NULL WHERE "fail_reason" = '微信支付未能完成转账，请稍后重试或联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.otherFailureWithCode', "fail_reason_params" = jsonb_build_object('code', substring("fail_reason" from '^微信支付未能完成转账，请稍后重试或联系客服（(.+)）$')), "fail_reason" = NULL WHERE "fail_reason" ~ '^微信支付未能完成转账，请稍后重试或联系客服（(.+)）$';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.overdueClosed', "fail_reason" = NULL WHERE "fail_reason" = '转账超时已关闭，金额已退回余额，请重新提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.payeeAccountAbnormal', "fail_reason" = NULL WHERE "fail_reason" = '微信账户收款异常，请在微信支付中完善身份信息后再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.payerAccountAbnormal', "fail_reason" = NULL WHERE "fail_reason" = '平台付款账户暂时受限，请稍后重试或联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.productUnavailable', "fail_reason" = NULL WHERE "fail_reason" = '平台微信转账功能暂不可用，请改用其他收款方式或联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.realNameQuota', "fail_reason" = NULL WHERE "fail_reason" = '微信账户收款受限，请在微信支付中查看详情';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.realNameUnverified', "fail_reason" = NULL WHERE "fail_reason" = '收款微信账户未实名认证，请在微信中完成实名认证后再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.notConfigured', "fail_reason" = NULL WHERE "fail_reason" = '平台微信转账未配置完成，请联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.singleLimit', "fail_reason" = NULL WHERE "fail_reason" = '超过微信单笔收款额度，请减少提现金额后重试';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.remarkFailed', "fail_reason" = NULL WHERE "fail_reason" = '转账备注设置失败，请重新提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.risk', "fail_reason" = NULL WHERE "fail_reason" = '本次转账存在风险被微信支付拦截，请改用其他收款方式';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.sceneUnavailable', "fail_reason" = NULL WHERE "fail_reason" = '平台微信转账场景不可用，请联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.refused', "fail_reason_params" = jsonb_build_object('said', substring("fail_reason" from '^微信支付拒绝了转账：(.+)$')), "fail_reason" = NULL WHERE "fail_reason" ~ '^微信支付拒绝了转账：(.+)$';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.invalidOutBillNo', "fail_reason" = NULL WHERE "fail_reason" = '提现单号格式不被微信支付接受，请联系客服';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.notBound', "fail_reason" = NULL WHERE "fail_reason" = '未绑定微信，请先在微信中登录后再提现';--> statement-breakpoint
UPDATE "withdrawals" SET "fail_reason_key" = 'payout.wechat.nameRequired', "fail_reason" = NULL WHERE "fail_reason" = '单笔 2000 元及以上需要实名信息，请先完成实名认证';
