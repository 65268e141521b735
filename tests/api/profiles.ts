/**
 * Company profiles as Chinese exporters write them: the usual one only in Chinese (with the
 * English name and a contact line, as such brochures have), and an English one.
 */

/** A pet-food maker's Chinese brochure text. */
export const CHINESE_PROFILE = `宁波明亮宠物用品有限公司
Ningbo Bright Pet Products Co., Ltd.

公司简介
宁波明亮宠物用品有限公司成立于2009年，位于浙江省宁波市，是一家集研发、生产、销售于一体的宠物食品生产厂家。工厂占地20000平方米，拥有8条自动化生产线，年产能2万吨。

主要产品：猫粮、狗粮、宠物零食、冻干宠物食品。
我们提供OEM/ODM服务，可根据客户要求定制配方和包装，支持免费寄样。
公司已通过ISO 9001、BRC和HACCP认证，产品符合FDA标准。
产品出口到美国、德国、澳大利亚、日本等30多个国家和地区，服务沃尔玛等知名客户。
最小起订量：500公斤
网址：www.brightpet.cn
联系人：李伟（Li Wei） 销售经理
电话：+86 574 8765 4321
微信：liwei_brightpet
WhatsApp：+86 138 0574 1234
邮箱：sales@brightpet.cn
`;

/** A lighting maker's English profile. */
export const ENGLISH_PROFILE = `Welcome to Shenzhen Lumo Lighting Technology Co.,Ltd
We are a professional manufacturer of LED panel lights, LED downlights and solar street lights since 2012.
Our products are CE, RoHS and UL certified. ISO9001:2015 factory.
MOQ: 100 pcs. OEM and ODM welcome. Samples available.
Contact: Anna Chen, Export Manager
Tel: 0755-2345 6789 | WhatsApp: +86 13912345678 | WeChat ID: anna-lumo
Web: lumolighting.com`;
