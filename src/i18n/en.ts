/** English: the typed source dictionary. Every visible text of the site. */
export const en = {
  // meta
  'meta.home.title': 'Vantia Partners | Digital Transformation & Investment',
  'meta.home.description':
    'Vantia Partners helps companies transform with technology and access strategic capital. Strategy, innovation and AI consulting from our team in Madrid.',
  'meta.home.keywords':
    'digital transformation, strategy consulting, corporate innovation, AI solutions, strategic investment, deal sourcing, private investors, Madrid',
  'meta.portfolio.title': 'Portfolio & Case Studies | Vantia Partners',
  'meta.portfolio.description':
    'Case studies from Vantia Partners: how we have helped companies modernise operations, launch digital products and put AI to work, with measurable results.',
  'meta.portfolio.keywords':
    'case studies, success stories, digital transformation results, AI implementation, technology consulting, Vantia Partners portfolio',
  'meta.insights.title': 'Insights | Vantia Partners',
  'meta.insights.description':
    'Analysis and practical guidance from Vantia Partners on digital transformation, artificial intelligence, innovation and strategic investment for leaders.',
  'meta.insights.keywords':
    'digital transformation insights, AI strategy, innovation management, technology leadership, strategic investment, business articles',
  'meta.contact.title': 'Contact | Vantia Partners',
  'meta.contact.description':
    'Contact Vantia Partners to discuss a digital transformation project or an investment opportunity. Write to us, start a video call or visit our Madrid office.',
  'meta.contact.keywords':
    'contact Vantia Partners, digital transformation consulting, strategy consultation, investment enquiries, Madrid consulting firm, video call',
  'meta.cookies.title': 'Cookies Policy | Vantia Partners',
  'meta.cookies.description':
    'How the Vantia Partners website uses cookies and similar technologies, what each one does and how you can accept, reject or change your preferences at any time.',
  'meta.legal.title': 'Legal Notice | Vantia Partners',
  'meta.legal.description':
    'Legal notice for the Vantia Partners website: company details of Vantia Partners LLC, terms of use, intellectual property and limitation of liability.',
  'meta.privacy.title': 'Privacy Policy | Vantia Partners',
  'meta.privacy.description':
    'How Vantia Partners collects, uses and protects personal data from contact forms, video calls, chat and our newsletter, and how to exercise your rights.',
  'meta.investmentPolicy.title': 'Responsible Investment Policy | Vantia Partners',
  'meta.investmentPolicy.description':
    'The principles Vantia Partners applies when sourcing and assessing investment opportunities: due diligence, governance, conflicts of interest and ESG criteria.',
  'meta.notFound.title': 'Page Not Found | Vantia Partners',

  // common
  'common.skipToContent': 'Skip to main content',
  'common.loading': 'Loading…',
  'common.error': 'An error occurred',
  'common.backToHome': 'Back to Home',
  'common.readMore': 'Read More',
  'common.minRead': '{readTime} min read',
  'common.viewCaseStudy': 'View Case Study',
  /** The language switch's label of a link to this language's page: in this language. */
  'common.switchLanguageLabel': 'View this page in English',
  'common.lastUpdated': 'Last updated: {date}',
  'common.breadcrumbHome': 'Home',

  // nav
  'nav.primary': 'Main navigation',
  'nav.home': 'Vantia Partners, home',
  'nav.services': 'Services',
  'nav.investment': 'Investment',
  'nav.about': 'About',
  'nav.portfolio': 'Portfolio',
  'nav.insights': 'Insights',
  'nav.contact': 'Contact',
  'nav.login': 'Log in',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',

  // hero
  'hero.eyebrow': 'Digital transformation & strategic investment',
  'hero.title': 'Digital transformation, from strategy to results',
  'hero.subtitle':
    'We help established companies and growing ventures modernise how they work, put AI to practical use and reach the capital they need to grow.',
  'hero.ctaServices': 'Our services',
  'hero.ctaContact': 'Contact us',

  // services
  'services.eyebrow': 'What we do',
  'services.title': 'Consulting built around measurable outcomes',
  'services.subtitle':
    'Three practices that work as one team, from the first diagnosis to the day a solution runs in production.',
  'services.strategy.title': 'Strategy & Transformation',
  'services.strategy.description':
    'We assess where technology can move your business forward and build a realistic roadmap your teams can carry out.',
  'services.strategy.point1': 'Digital maturity assessment',
  'services.strategy.point2': 'Transformation roadmap and business case',
  'services.strategy.point3': 'Programme governance and change management',
  'services.innovation.title': 'Innovation & Startups',
  'services.innovation.description':
    'We help corporations and startups work together, test new business models quickly and scale the ones that prove their value.',
  'services.innovation.point1': 'Corporate venturing and open innovation',
  'services.innovation.point2': 'Startup scouting and pilot projects',
  'services.innovation.point3': 'Product discovery and validation',
  'services.ai.title': 'AI-Driven Solutions',
  'services.ai.description':
    'We identify the use cases where AI pays off and deliver them with sound data, security and governance.',
  'services.ai.point1': 'AI use-case prioritisation',
  'services.ai.point2': 'Process automation and AI assistants',
  'services.ai.point3': 'Data governance and responsible AI',

  // investment
  'investment.eyebrow': 'Strategic investment',
  'investment.title': 'Connecting capital with companies ready to grow',
  'investment.subtitle':
    'We identify, assess and structure opportunities for private investors with the same operational rigour we bring to transformation work.',
  'investment.sourcing.title': 'Strategic Deal Sourcing',
  'investment.sourcing.description':
    'We find opportunities before they reach the open market, through our network of founders, advisors and corporate partners.',
  'investment.sourcing.value1': 'Proprietary deal flow',
  'investment.sourcing.value2': 'Independent due diligence',
  'investment.sourcing.value3': 'Sector expertise',
  'investment.sourcing.value4': 'Deal structuring support',
  'investment.markets.title': 'International Markets',
  'investment.markets.description':
    'We help companies and investors move between Europe, the Americas and other markets, with local knowledge in each of them.',
  'investment.markets.value1': 'Europe–Americas bridge',
  'investment.markets.value2': 'Market entry strategy',
  'investment.markets.value3': 'Cross-border transactions',
  'investment.markets.value4': 'Local partner network',
  'investment.network.title': 'Private Investor Network',
  'investment.network.description':
    'A select group of private investors and family offices who co-invest in opportunities we have vetted, with clear information at every step.',
  'investment.network.value1': 'Curated opportunities',
  'investment.network.value2': 'Co-investment access',
  'investment.network.value3': 'Transparent reporting',
  'investment.network.value4': 'Long-term alignment',
  'investment.cta.title': 'Looking for your next investment?',
  'investment.cta.text':
    'Tell us your criteria and we will share the opportunities that fit them, together with our analysis.',
  'investment.cta.explore': 'Explore opportunities',
  'investment.cta.contact': 'Contact our experts',

  // about
  'about.eyebrow': 'About us',
  'about.title': 'A boutique firm with senior people on every project',
  'about.p1':
    'Vantia Partners was founded in 2020 to help companies turn technology into results and to connect promising businesses with the capital they need to grow. We are a US limited liability company, and our team works from Madrid with clients and partners in several countries.',
  'about.p2':
    'We work in small teams led by experienced consultants, alongside your people rather than in parallel. Every engagement starts with a clear diagnosis, sets measurable goals and ends when the change is in place and your team can run it on its own.',
  'about.stat1.value': '2020',
  'about.stat1.label': 'Founded',
  'about.stat2.value': '40+',
  'about.stat2.label': 'Transformation programmes',
  'about.stat3.value': '3',
  'about.stat3.label': 'Continents in our investor network',
  'about.ceoQuote':
    'Technology only creates value when it changes how a company works, and that is the change we commit to delivering.',
  'about.ceoRole': 'Founder & CEO',

  // portfolio
  'portfolio.eyebrow': 'Portfolio',
  'portfolio.title': 'Work that speaks through its results',
  'portfolio.subtitle': 'A selection of projects in which we helped our clients modernise, innovate and grow.',
  'portfolio.seeMore': 'See More',
  'portfolio.contact': 'Contact',
  'portfolio.empty': 'No portfolio items available yet.',
  'portfolio.listHeading': 'All Success Stories',
  'portfolio.listIntro':
    'Each case study sets out the challenge our client faced, the approach we took and the results achieved.',
  'portfolio.listEmpty': 'No portfolio items available at the moment.',
  'portfolio.defaultCategory': 'Technology Solutions',
  'portfolio.clientSuccessStory': 'Client Success Story',
  'portfolio.keyResults': 'Key Results',
  'portfolio.noMetrics': 'No metrics available',
  'portfolio.technologiesUsed': 'Technologies Used',
  'portfolio.loading': 'Loading case study...',
  'portfolio.notFoundTitle': 'Portfolio Item Not Found',
  'portfolio.notFoundText': "The portfolio item you're looking for doesn't exist.",

  // calls to action
  'cta.transform.title': 'Ready to transform your business?',
  'cta.transform.text':
    'Tell us where your company stands today and where it needs to be. We will propose a clear first step.',
  'cta.contactExperts': 'Contact our experts',
  'cta.guidance.title': 'Need expert guidance?',
  'cta.guidance.text': 'Talk to our team about your situation and we will help you decide on the right next step.',
  'cta.detail.title': 'Looking for results like these?',
  'cta.detail.text': 'Let’s discuss how a similar approach could work for your company.',
  'cta.detail.services': 'Explore our services',
  'cta.detail.contact': 'Contact us',
  'cta.insight.title': 'Want to hear about our next insights?',
  'cta.insight.text': 'Subscribe to our newsletter, or talk to us about how this topic applies to your company.',
  'cta.insight.subscribe': 'Subscribe to the newsletter',
  'cta.insight.contact': 'Talk to us about this topic',

  // insights
  'insights.eyebrow': 'Insights',
  'insights.title': 'Perspectives on technology, strategy and investment',
  'insights.subtitle': 'Practical analysis for leaders making decisions about digital transformation, AI and growth.',
  'insights.seeMore': 'See More',
  'insights.empty': 'No insights available yet.',
  'insights.listHeading': 'Insights',
  'insights.listIntro':
    'Articles by our team on digital transformation, artificial intelligence, innovation and investment.',
  'insights.listEmpty': 'No insights available at the moment.',
  'insights.listError': 'We couldn’t load the insights. Please try again later.',
  'insights.loading': 'Loading insight...',
  'insights.notFoundTitle': 'Insight Not Found',
  'insights.notFoundText': "The insight you're looking for doesn't exist.",
  'insights.related': 'Related insights',
  'preview.banner': 'Preview: this is how the page will look. It is not published yet, or not as shown.',
  'preview.expiredTitle': 'This preview link has expired',
  'preview.expiredText': 'Preview links work for 7 days. Ask for a new one.',
  'preview.invalidTitle': 'This preview link is not valid',
  'preview.invalidText': 'The link may be incomplete. Ask for a new one.',
  'insights.by': 'By {author}',
  'insights.searchLabel': 'Search insights',
  'insights.searchPlaceholder': 'Search by topic or keyword',
  'insights.searchSubmit': 'Search',
  'insights.searchResults.one': '{count} result for “{query}”',
  'insights.searchResults.other': '{count} results for “{query}”',
  'insights.searchNone': 'No insights match “{query}”.',
  'insights.clearSearch': 'Clear search',
  'insights.rss': 'RSS feed',

  // contact section
  'contact.eyebrow': 'Contact',
  'contact.title': 'Let’s talk about your next step',
  'contact.subtitle': 'Choose the channel that suits you best. A member of our team will follow up on every enquiry.',
  'contact.video.title': 'Video call',
  'contact.video.text':
    'Start a video conversation from your browser to talk through your project. No downloads needed.',
  'contact.newsletter.title': 'Newsletter',
  'contact.newsletter.text': 'A monthly summary of our analysis on transformation, AI and investment.',
  'contact.form.title': 'Contact form',
  'contact.form.text': 'Tell us about your company and your goals, and the right person on our team will reply.',
  'contact.emailLabel': 'Email',
  'contact.officeLabel': 'Office',

  // forms
  'form.name': 'Name',
  'form.fullName': 'Full name',
  'form.email': 'Email',
  'form.company': 'Company',
  'form.phone': 'Phone',
  'form.service': 'Service of interest',
  'form.servicePlaceholder': 'Select a service',
  'form.message': 'Message',
  'form.optional': 'optional',
  'form.send': 'Send message',
  'form.sending': 'Sending…',
  'form.sentSummary': 'What you sent us',
  'form.sendAnother': 'Send another message',
  'form.subscribe': 'Subscribe',
  'form.subscribing': 'Subscribing…',
  'service.digital-transformation': 'Digital Transformation',
  'service.corporate-innovation': 'Corporate Innovation',
  'service.ai-solutions': 'AI-Driven Solutions',
  'service.strategy-consulting': 'Strategy Consulting',
  'service.investment': 'Investment Opportunities',
  'validation.nameRequired': 'Name is required',
  'validation.emailInvalid': 'Invalid email address',
  'validation.messageRequired': 'Message is required',
  'toast.contactSuccessTitle': 'Message sent successfully!',
  'toast.contactSuccessText': "We'll get back to you as soon as possible.",
  'toast.contactErrorTitle': 'Error sending message',
  'toast.contactErrorText': 'Please try again later.',
  'toast.newsletterSuccessTitle': 'Almost there: please confirm your email',
  'toast.newsletterSuccessText': 'We have sent you an email to confirm your subscription.',
  'toast.newsletterDuplicate': 'This email is already subscribed to our newsletter.',
  'toast.newsletterError': 'Failed to subscribe. Please try again.',
  'toast.close': 'Close notification',

  // the newsletter card's data-protection note
  'newsletter.privacy': 'At most one email a month. Unsubscribe at any time.',
  'newsletter.privacyLink': 'Privacy policy',

  // video call card
  'video.calling': '{name} is calling',
  'video.start': 'Start video call',
  'video.starting': 'Starting...',
  'video.fullscreen': 'Full screen',
  'video.exitFullscreen': 'Exit full screen',
  'video.end': 'End call',
  'video.recordingNotice':
    'This call is recorded and transcribed so we can follow up on your enquiry; see our privacy policy for details.',
  'video.notConfigured': 'Video calls are not available right now. Please use the contact form.',
  'video.successTitle': 'Conversation Started',
  'video.successText': 'Your video call is now ready. Please allow camera and microphone access.',
  'video.error': 'Failed to start conversation. Please try again.',
  'video.aiDisclosure':
    'AI avatar: this call is with an artificial-intelligence avatar of {name}, not with {name} in person.',

  // chat widget
  'chat.open': 'Chat with us',
  'chat.close': 'Close chat',
  'chat.title': 'Tech expert',
  'chat.aiLabel': 'AI assistant',
  'chat.subtitle': 'Usually answers in seconds',
  'chat.greeting':
    'Hello, I’m the AI assistant of Vantia Partners, working with {ceo}’s team. I’m an automated assistant, not a person. What would you like to know about your company’s digital transformation?',
  'chat.placeholder': 'Type your message…',
  'chat.send': 'Send',
  'chat.typing': 'The assistant is typing',
  'chat.fallback':
    'I apologize, it seems there was a technical issue. Could you tell me more about your company and how we can help you with our digital transformation solutions?',
  'chat.talkToPerson': 'Talk to a person',
  'chat.talkToPersonMessage': 'I would like to talk to a person on your team.',
  'chat.yes': 'Yes',
  'chat.no': 'No',
  'chat.slots': 'Free times for a call',
  'chat.sources': 'Sources',
  'chat.source.portfolio': 'Case study',
  'chat.source.insight': 'Insight',

  // footer
  'footer.tagline': 'We help companies grow through technology and connect them with strategic capital.',
  'footer.navigation': 'Navigation',
  'footer.legal': 'Legal',
  'footer.contact': 'Contact',
  'footer.cookies': 'Cookies policy',
  'footer.legalNotice': 'Legal notice',
  'footer.privacy': 'Privacy policy',
  'footer.investmentPolicy': 'Responsible investment policy',
  'footer.copyright': '© {year} {company}. All rights reserved.',

  // not found page
  'notFound.title': '404 Page Not Found',
  'notFound.text': 'Sorry, we couldn’t find that page. It may have moved, or the address may be mistyped.',
  'notFound.home': 'Go to the home page',

  // policy pages
  'policy.effective': 'Effective: {date}',
  /** The language the chat model is told to answer in, named in English (its instructions are in English). */
  'assistant.replyLanguage': 'English',
  'assistant.leadConsent':
    "I'd be glad to put you in touch with our team. To do that I need to keep your name, email and company and pass them to our partners, as our [privacy policy]({privacyUrl}) explains. Do you agree? Please answer yes or no.",
  'assistant.leadName': 'Thank you. What is your name?',
  'assistant.leadEmail': 'What email address should we use, {name}?',
  'assistant.leadEmailInvalid': "That doesn't look like an email address. Could you check it and send it again?",
  'assistant.leadCompany': 'Which company do you work for? (You can answer "none".)',
  'assistant.leadDone':
    "Thank you, {name}. I've passed your details to our team, and someone will write to you at {email} within one business day.",
  'assistant.leadDeclined':
    "No problem: I haven't stored anything. You can also reach us through the [contact form]({contactUrl}).",
  'assistant.meetingOffer':
    "I'd be glad to set up a 30-minute call with one of our partners. These are the next free times (Madrid time): choose one below, or see every free time on the [booking page]({bookUrl}).",
  'assistant.meetingChoose':
    'Please choose one of the times below, or see every free time on the [booking page]({bookUrl}).',
  'assistant.meetingTaken':
    'Sorry, someone has just booked that time. These are the next free times (Madrid time): choose one below, or see every free time on the [booking page]({bookUrl}).',
  'assistant.meetingSlot': '{when} (Madrid time)',
  'assistant.meetingConsent':
    'Good choice: {when}. To book it I need your name, email, company and what you would like to discuss, and to pass them to our partner, as our [privacy policy]({privacyUrl}) explains. Do you agree? Please answer yes or no.',
  'assistant.meetingTopic': 'Finally, what would you like to talk about?',
  'assistant.meetingPartner': 'one of our partners',
  'assistant.meetingBooked':
    "Done, {name}: your meeting with {partner} is booked for {when}. I've sent the calendar invitation to {email}, with a link to cancel or move it.",
  'assistant.meetingLimit':
    'I cannot book more meetings from here today. Please try again tomorrow, or write to us through the [contact form]({contactUrl}).',
  'assistant.meetingUpcoming':
    'That email address already has {max} meetings to come with us, the most one address can hold. To book another, first cancel one with the link in its confirmation email, or write to us through the [contact form]({contactUrl}).',
  'assistant.meetingError':
    'Something went wrong and the meeting was not booked. Please try again on the [booking page]({bookUrl}).',
  'assistant.refuse':
    "I'm here to help with questions about Vantia Partners' services, investment approach, case studies and insights, so I can't help with that. Is there anything about digital transformation or investment I can help you with?",
  'assistant.unknown':
    "I don't have information about that, and I'd rather not guess. Our team will gladly answer directly: write to us through the [contact form]({contactUrl}), or ask me to put you in touch.",
  'assistant.hello': 'Hello! What would you like to know about our work?',
  'assistant.found': 'Here is what I can tell you from our site:',
  'assistant.offerContact': 'Would you like me to put you in touch with our team?',
  'assistant.overview': 'Here is what we do, in short:',
  /** The first line of the assistant's first reply on WhatsApp (src/features/whatsapp/). */
  'whatsapp.disclosure':
    "I'm the AI assistant of Vantia Partners: an automated assistant, not a person. Write STOP at any time and I won't write again.",
  'whatsapp.textOnly': 'Sorry, I can only read text messages here. Could you write your question?',
  /** After the meeting offer's numbered times on WhatsApp (no buttons there). */
  'whatsapp.chooseSlot.one': 'Reply 1 to choose this time.',
  'whatsapp.chooseSlot.other': 'Reply with the number of the time you prefer ({choices}).',
  'whatsapp.stopped':
    "Understood: you won't receive any more messages from this assistant. Thank you for writing to Vantia Partners.",
  'video.greeting':
    "Hello, I'm the AI avatar of {name}, CEO of Vantia Partners: you are talking to an artificial intelligence, not to {name} in person. Thank you for calling. Tell me about your company and what you would like to achieve.",
  // stored categories (an English string in each record) and how Spanish pages show them
  'category.aiInnovation': 'AI Innovation',
  'category.digitalTransformation': 'Digital Transformation',
  'category.investmentManagement': 'Investment Management',
  'category.aiDrivenSolutions': 'AI-Driven Solutions',
  'category.innovationStartups': 'Innovation & Startups',
  'category.strategyConsulting': 'Strategy Consulting',
  'category.strategicInvestment': 'Strategic Investment',
  'category.technologySolutions': 'Technology Solutions',
  // the chat transcript filed with a lead from the assistant
  'chatLead.transcriptHeader': 'Lead from the chat assistant. Conversation:',
  'chatLead.visitor': 'Visitor',
  'chatLead.assistant': 'Assistant',
  'footer.country': 'Spain',
  // daily limits on what one visitor can send (docs/security.md#what-one-visitor-can-make-the-site-spend): shown on a 429
  'limit.title': 'Daily limit reached',
  'limit.contact': "Today's limit for messages has been reached. Please try again tomorrow.",
  'limit.newsletter': "Today's limit for sign-ups has been reached. Please try again tomorrow.",
  'limit.chat':
    "We've reached today's limit for chat messages, so I can't answer any more today. Please come back tomorrow or use the contact form.",
  'limit.video':
    "Today's limit for video calls from your connection has been reached. Please try again tomorrow or use the contact form.",
  'formResult.invalid': 'Please correct the fields marked below and send the form again.',
  'formResult.back': 'Back to the home page',
  'launcher.chatLoading': 'Opening the chat…',
  'launcher.videoLoading': 'Preparing the video call…',
  'launcher.noScript':
    'This needs JavaScript, which is turned off in this browser. You can write to us with the contact form.',
  // hero: a panel of recent case-study results (or the firm's figures when there are none)
  'hero.results.title': 'Recent results',
  'hero.results.firmTitle': 'Vantia Partners in figures',
  'hero.results.all': 'All case studies',
  // not-found page: where to go from here
  'notFound.helpTitle': 'Where to go from here',
  'notFound.portfolio': 'Our case studies',
  'notFound.insights': 'Our insights',
  'notFound.contact': 'Contact our team',
  // contact form: the data-protection note under the form, and what happens after sending
  'contact.form.privacy':
    'Vantia Partners LLC uses your details only to answer your enquiry and keeps them for up to 12 months after our last exchange. You may access, correct or delete them at any time.',
  'contact.form.privacyLink': 'Privacy policy',
  'toast.contactNextSteps': 'A member of our team will reply by email within one business day.',
  // newsletter double opt-in and unsubscribe (issue 12): the pages the e-mails link to
  'toast.newsletterCheckEmail': 'Your subscription starts when you open the link in it.',
  'newsletterConfirm.title': 'Confirm your subscription',
  'newsletterConfirm.text': 'Press the button to confirm that you want to receive our newsletter.',
  'newsletterConfirm.button': 'Confirm my subscription',
  'newsletterConfirm.done': 'Your subscription is confirmed. Thank you!',
  'newsletterConfirm.invalid': 'This link is not valid or has expired. Please sign up again.',
  'newsletterUnsubscribe.title': 'Unsubscribe from the newsletter',
  'newsletterUnsubscribe.text': 'Press the button to stop receiving our newsletter.',
  'newsletterUnsubscribe.button': 'Unsubscribe',
  'newsletterUnsubscribe.done': 'You have been unsubscribed. You will not receive any more issues.',
  'newsletterUnsubscribe.invalid': 'This link is not valid.',
  'services.listLabel': 'Services we offer',
  // request for investor access (issue 13): /request-access, and the set-password page of an invitation
  'meta.access.title': 'Request investor access | Vantia Partners',
  'meta.access.description':
    'Prospective investors can request access to the Vantia Partners investor area: updates, reports and opportunities.',
  'access.eyebrow': 'Investors',
  'access.title': 'Request investor access',
  'access.intro':
    'Tell us a little about yourself and what you invest in. Our investor relations team reviews every request.',
  'access.next.title': 'What happens next',
  'access.next.1': 'We review your request, usually within two business days.',
  'access.next.2': 'If it fits, we create your investor account and e-mail you a link to choose your password.',
  'access.next.3': 'With it you sign in to the investor area: updates, reports and documents shared with you.',
  'access.name': 'Full name',
  'access.email': 'E-mail',
  'access.company': 'Company or family office',
  'access.ticketSize': 'Ticket size',
  'access.ticket.choose': 'Choose a range',
  'access.ticket.under-250k': 'Under €250,000',
  'access.ticket.250k-1m': '€250,000 to €1 million',
  'access.ticket.1m-5m': '€1 million to €5 million',
  'access.ticket.over-5m': 'Over €5 million',
  'access.sectors': 'Sectors of interest',
  'access.sector.technology': 'Technology and software',
  'access.sector.ai': 'Artificial intelligence',
  'access.sector.fintech': 'Fintech',
  'access.sector.health': 'Health',
  'access.sector.energy': 'Energy and climate',
  'access.sector.industry': 'Industry',
  'access.sector.consumer': 'Consumer',
  'access.sector.real-estate': 'Real estate',
  'access.regions': 'Regions',
  'access.region.spain': 'Spain',
  'access.region.europe': 'Rest of Europe',
  'access.region.latin-america': 'Latin America',
  'access.region.north-america': 'North America',
  'access.region.global': 'Global',
  'access.chooseSome': 'Choose one or more.',
  'access.accredited': 'I confirm that I am an accredited or professional investor.',
  'access.consent': 'I have read and accept the privacy policy.',
  'access.privacyLink': 'Read the privacy policy',
  'access.submit': 'Request access',
  'access.haveAccount': 'Already an investor?',
  'access.signIn': 'Sign in',
  'access.sent.title': 'Thank you, we have received your request.',
  'access.sent.text':
    'Our investor relations team will review it, usually within two business days. If it fits, you will receive an e-mail with a link to choose your password.',
  'access.invalid': 'Please check the fields: every one is required, and at least one sector and one region.',
  'access.fieldError.name': 'Please enter your full name.',
  'access.fieldError.email': 'Please enter a valid e-mail address.',
  'access.fieldError.company': 'Please enter your company or family office.',
  'access.fieldError.ticketSize': 'Please choose a ticket size.',
  'access.fieldError.sectors': 'Choose at least one sector.',
  'access.fieldError.regions': 'Choose at least one region.',
  'access.fieldError.accredited': 'Please confirm that you are an accredited or professional investor.',
  'access.fieldError.consent': 'Please accept the privacy policy.',
  'access.limit': 'Too many requests have been sent today. Please try again tomorrow or write to us.',
  'access.error': 'Your request could not be sent. Please try again later.',
  'access.summary.title': 'Request for investor access.',
  'access.summary.accredited': 'Confirmed: accredited or professional investor.',
  'access.summary.language': 'Language',
  'setPassword.title': 'Choose your password',
  'setPassword.intro': 'Choose the password for your investor account. It must have at least 12 characters.',
  'setPassword.username': 'Username',
  'setPassword.password': 'New password',
  'setPassword.confirm': 'Repeat the password',
  'setPassword.submit': 'Set my password',
  'setPassword.done': 'Your password is set. You can now sign in with your username and password.',
  'setPassword.signIn': 'Sign in',
  'setPassword.invalid': 'This link is not valid.',
  'setPassword.expired': 'This link has expired. Please ask us for a new invitation.',
  'setPassword.used': 'This link has already been used. Please sign in.',
  'setPassword.weak': 'The password must have at least 12 characters.',
  'setPassword.mismatch': 'The two passwords do not match.',
  // The team, clients and quotes on the home page (src/components/sections/Team.astro, ClientsSection.astro)
  'team.eyebrow': 'Our team',
  'team.title': 'The partners who lead your project',
  'team.subtitle': 'Senior people from the first meeting to the last deliverable.',
  'team.linkedin': '{name} on LinkedIn',
  'team.cta': 'Talk to a partner',
  'clients.eyebrow': 'Clients',
  'clients.title': 'Companies that trust us',
  'clients.logos': 'Some of our clients',
  // Meetings (docs/product.md, "Meetings"): /book and its pages
  'meta.book.title': 'Book a meeting | Vantia Partners',
  'meta.book.description':
    'Book a free 30-minute introductory call with a Vantia Partners partner: choose a time in the next two weeks and get a calendar invitation.',
  'meta.bookConfirmed.title': 'Meeting booked | Vantia Partners',
  'meta.bookManage.title': 'Your meeting | Vantia Partners',
  'meta.bookCancelled.title': 'Meeting cancelled | Vantia Partners',
  'cta.book': 'Book a call',
  'contact.book.text': 'Prefer to talk? Book a free 30-minute call with one of our partners.',
  'contact.book.link': 'Book a call',
  'notFound.book': 'Book a call with a partner',
  'book.eyebrow': 'Meetings',
  'book.title': 'Book an introductory call',
  'book.intro':
    'Choose a free 30-minute slot with one of our partners in the next two weeks, then tell us who you are and what you would like to discuss. We will e-mail you a calendar invitation.',
  'book.timeZone.madrid': 'Times are in Madrid time (Europe/Madrid).',
  'book.timeZone.local': 'Times are in your time zone ({zone}), with Madrid time beside them.',
  'book.madridTime': '{time} in Madrid',
  'book.slots.legend': 'Choose a time',
  'book.slots.withPartner': 'with {partner}',
  'book.empty.title': 'No free times in the next two weeks',
  'book.empty.text':
    'Our partners have no free slots at the moment. Write to us through the contact form and we will find a time with you.',
  'book.empty.contact': 'Go to the contact form',
  'book.details': 'Your details',
  'book.name': 'Full name',
  'book.email': 'E-mail',
  'book.company': 'Company (optional)',
  'book.topic': 'What would you like to talk about?',
  'book.consent': 'I agree that Vantia Partners uses these details to arrange and hold this meeting.',
  'book.privacyLink': 'Read our privacy policy',
  'book.submit': 'Book the meeting',
  'book.fieldError.start': 'Choose one of the offered times.',
  'book.fieldError.name': 'Please enter your name.',
  'book.fieldError.email': 'Please enter a valid e-mail address.',
  'book.fieldError.company': 'The company name is too long.',
  'book.fieldError.topic': 'Tell us briefly what you would like to talk about.',
  'book.fieldError.consent': 'Please accept the privacy policy to book the meeting.',
  'book.result.invalid': 'The meeting was not booked: please check the fields marked below.',
  'book.result.taken': 'Sorry, someone has just booked that time. Please choose another one.',
  'book.result.limit': 'Too many bookings have been made from here today. Please try again tomorrow or write to us.',
  'book.result.upcoming':
    'This email address already has {max} meetings to come with us. To book another, first cancel one with the link in its confirmation email.',
  'book.result.error': 'Something went wrong and the meeting was not booked. Please try again.',
  'book.confirmed.title': 'Your meeting is booked',
  'book.confirmed.when': 'We look forward to talking with you on {when}.',
  'book.confirmed.mail':
    'We have sent you an e-mail with the calendar invitation and a link to cancel or move the meeting.',
  'book.confirmed.home': 'Back to the home page',
  'book.manage.title': 'Your meeting',
  'book.manage.when': 'When',
  'book.manage.with': 'With',
  'book.manage.cancelHint': 'If you cancel, the time is freed and we e-mail you a cancellation for your calendar.',
  'book.manage.cancel': 'Cancel the meeting',
  'book.manage.move': 'To move it, book another time, then cancel this one.',
  'book.manage.another': 'Book another time',
  'book.manage.invalid': 'This link is not valid. Please open the whole link from your e-mail.',
  'book.manage.cancelled': 'This meeting has been cancelled.',
  'book.manage.past': 'This meeting has already taken place.',
  'book.cancelled.title': 'Meeting cancelled',
  'book.cancelled.text': 'Your meeting is cancelled and the time is free again. We have e-mailed you the cancellation.',
  'book.cancelled.gone': 'This meeting was already cancelled, or has already taken place.',
  'book.cancelled.invalid': 'This link is not valid. Please open the whole link from your e-mail.',
  'book.cancelled.error': 'Something went wrong and the meeting was not cancelled. Please try again.',
} as const;
export type DictionaryKey = keyof typeof en;
